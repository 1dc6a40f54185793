"""Every sentence a player reads, in English and Turkish.

Game words (titles, seat names, card names, why a move is refused) come
from the rule file; this catalog holds only the app's own sentences.
"""
from __future__ import annotations

import os
import re

from kural.dsl.wording import Phrase, capital
from kural.interpreter.messages import filled

LANGS = ("tr", "en")
FALLBACK = "en"

MESSAGES: dict[str, dict[str, str]] = {
    # --- starting, saving, resuming
    "seed": {"en": "seed {seed} (play this deal again with --seed {seed})",
             "tr": "tohum {seed} (aynı dağıtım için --seed {seed})"},
    "variants": {"en": "variants: {names}", "tr": "çeşitlemeler: {names}"},
    "you_play": {"en": "Your seat: {name}. Against you: {bots}.", "tr": "Koltuğun: {name}. Rakiplerin: {bots}."},
    "you_play_teams": {"en": "Your seat: {name}, with your partner {partners}. Against you: {bots}.",
                       "tr": "Koltuğun: {name}, eşin {partners}. Rakiplerin: {bots}."},
    "bot_in_seat": {"en": "{name} (bot)", "tr": "{name} (bot)"},
    "saved": {"en": "Game saved to {path}; resume with: {command}",
              "tr": "Oyun {path} dosyasına kaydedildi; devam etmek için: {command}"},
    "save_failed": {"en": "could not save the game to {path}: {error}",
                    "tr": "oyun {path} dosyasına kaydedilemedi: {error}"},
    "old_save_kept": {"en": "An unfinished game was saved in {path}; it is kept as {kept} (resume with: {command})",
                      "tr": "{path} dosyasında bitmemiş bir oyun vardı; {kept} olarak saklandı (devam etmek için: {command})"},
    "save_in_use": {"en": "the save {path} is in use: another kural program is playing that game now; go on there, "
                          "or play here with another file: --save FILE",
                    "tr": "{path} kaydı kullanımda: o oyun şu an başka bir kural programında oynanıyor; orada devam et "
                          "ya da burada başka bir dosyayla oyna: --save DOSYA"},
    "not_file_folder": {"en": "{path} is a folder: give the path of a file to write",
                        "tr": "{path} bir klasör: yazılacak bir dosyanın yolunu ver"},
    "not_file_fifo": {"en": "{path} is a FIFO, not a regular file: give the path of a file to write",
                      "tr": "{path} bir FIFO, normal bir dosya değil: yazılacak bir dosyanın yolunu ver"},
    "not_file_device": {"en": "{path} is a device, not a regular file: give the path of a file to write",
                        "tr": "{path} bir aygıt, normal bir dosya değil: yazılacak bir dosyanın yolunu ver"},
    "not_file_other": {"en": "{path} is not a regular file: give the path of a file to write",
                       "tr": "{path} normal bir dosya değil: yazılacak bir dosyanın yolunu ver"},
    "no_folder": {"en": "cannot write {path}: the folder {folder} does not exist (make it first: mkdir -p {folder})",
                  "tr": "{path} yazılamıyor: {folder} klasörü yok (önce oluştur: mkdir -p {folder})"},
    "cannot_write": {"en": "cannot write {path}: {error}", "tr": "{path} yazılamıyor: {error}"},
    "output_is_rule_file": {"en": "{option} {path} would write over the rule file {rules} being played: "
                                  "give {option} another path",
                            "tr": "{option} {path}, oynanan {rules} kural dosyasının üzerine yazardı: "
                                  "{option} için başka bir yol ver"},
    "outputs_same_file": {"en": "{first} {first_path} and {second} {second_path} are the same file, and one "
                                "would write over the other: give each its own path",
                          "tr": "{first} {first_path} ile {second} {second_path} aynı dosya, biri ötekinin "
                                "üzerine yazardı: her birine ayrı bir yol ver"},
    "record_failed": {"en": "could not write {path}: {error}; the file is left as it was",
                      "tr": "{path} yazılamadı: {error}; dosya olduğu gibi bırakıldı"},
    "resumed": {"en": "Resumed from {path} after {moves} moves.",
                "tr": "{path} dosyasından {moves} hamle sonrasından devam ediliyor."},
    "bad_save": {"en": "cannot resume from {path}: {error}", "tr": "{path} dosyasından devam edilemiyor: {error}"},
    "last_good_save": {"en": "the last good save is {path}; resume with: {command}",
                       "tr": "son sağlam kayıt {path}; devam etmek için: {command}"},
    "save_over_resumed_record": {"en": "--save {save} is the record {path} being resumed, which is left as it is (a "
                                       "save is removed when its game ends): give --save another path, or leave it out",
                                 "tr": "--save {save}, devam edilen {path} kaydının ta kendisi; kayıt olduğu gibi "
                                       "bırakılır (oyun bitince --save dosyası silinir): --save için başka bir yol "
                                       "ver ya da hiç yazma"},
    "save_other_game": {"en": "the save is a game of {saved}, not {asked}",
                        "tr": "kayıt {asked} değil, {saved} oyununa ait"},
    "no_game": {"en": "name a game, or give --resume FILE", "tr": "bir oyun adı ya da --resume DOSYA ver"},
    "record_written": {"en": "Record written to {path}.", "tr": "Kayıt {path} dosyasına yazıldı."},
    "internal_error": {"en": "internal error (a bug in kural): {error}", "tr": "iç hata (kural'da bir hata): {error}"},
    "not_record": {"en": "not a kural record", "tr": "kural kaydı değil"},
    "cannot_read": {"en": "cannot read the file ({error})", "tr": "dosya okunamıyor ({error})"},
    # --- records and saves as read (cli/saves.py; the record check itself speaks from interpreter/messages.py)
    "not_regular": {"en": "cannot read the file: it is not a regular file (a FIFO, a device or a folder)",
                    "tr": "dosya okunamıyor: normal bir dosya değil (FIFO, aygıt ya da klasör)"},
    "too_large": {"en": "the file is over {limit} bytes, more than any record holds",
                  "tr": "dosya {limit} bayttan büyük, hiçbir kayıt bu kadar büyük olmaz"},
    "not_utf8": {"en": "not a kural record: the file is not UTF-8 text",
                 "tr": "kural kaydı değil: dosya UTF-8 metin değil"},
    "bad_human": {"en": "the save gives you seat {seat}, which this game does not have (seats 0 to {last})",
                  "tr": "kayıt sana {seat}. koltuğu veriyor, bu oyunda öyle bir koltuk yok (koltuklar 0 ile {last} arası)"},
    "bad_bots": {"en": "the save names the bots `{bots}`, which kural does not have ({kinds})",
                 "tr": "kayıt `{bots}` botlarını anıyor, kural'da böyle botlar yok ({kinds})"},
    "resume_options": {"en": "{options} would change the saved game ({saved}): a save goes on with its own seed, "
                             "variants and params; to start a new game with {options}, leave out --resume",
                       "tr": "{options} kayıtlı oyunu değiştirirdi ({saved}): kayıtlı oyun kendi tohumu, "
                             "çeşitlemeleri ve parametreleriyle sürer; {options} ile yeni bir oyun başlatmak için "
                             "--resume verme"},
    "saved_seed": {"en": "seed {seed}", "tr": "tohum {seed}"},
    "saved_players": {"en": "{n} players", "tr": "{n} oyuncu"},
    "saved_variants": {"en": "variants: {names}", "tr": "çeşitlemeler: {names}"},
    "no_variants": {"en": "none", "tr": "yok"},
    "value_none": {"en": "none", "tr": "yok"},  # a value of none on the screen (`söylenen renk: yok`)
    "params_set": {"en": "params: {names}", "tr": "parametreler: {names}"},
    "resume_by_number": {"en": "there is no file {n}; to resume game {n} of the list `kural saves` prints, "
                               "type: kural saves {n}",
                         "tr": "{n} adında bir dosya yok; `kural saves` listesindeki {n}. oyuna devam etmek için "
                               "yaz: kural saves {n}"},
    # --- a new game where an unfinished one is saved (on a terminal: asked)
    "old_save_found": {"en": "An unfinished game is saved in {path}: {about}.",
                       "tr": "{path} dosyasında bitmemiş bir oyun var: {about}."},
    "old_save_choices": {"en": "Type r to resume it, n to keep it aside and start a new game, "
                               "q to quit (nothing is changed).",
                         "tr": "Ona devam etmek için d, onu kenara koyup yeni oyun başlatmak için y, "
                               "çıkmak için ç yaz (hiçbir şey değişmez)."},
    "old_save_prompt": {"en": "resume, new or quit? [r/n/q]: ", "tr": "devam, yeni ya da çık? [d/y/ç]: "},
    "old_save_again": {"en": "'{text}' is not one of them: type r (resume), n (new game) or q (quit)",
                       "tr": "'{text}' bunlardan biri değil: d (devam), y (yeni oyun) ya da ç (çık) yaz"},
    "old_save_left": {"en": "Nothing changed: the game is still saved in {path}; resume with: {command}",
                      "tr": "Hiçbir şey değişmedi: oyun hâlâ {path} dosyasında kayıtlı; devam etmek için: {command}"},
    # --- kural saves
    "saves_title": {"en": "Saved games in {folder}:", "tr": "{folder} içindeki kayıtlı oyunlar:"},
    "no_saves": {"en": "No unfinished game is saved in {folder}.",
                 "tr": "{folder} içinde kayıtlı bitmemiş oyun yok."},
    "save_moves": {"en": "{n} moves played", "tr": "{n} hamle oynandı"},
    "save_finished": {"en": "finished: {about} · {file} (see it with: kural replay {path})",
                      "tr": "bitmiş: {about} · {file} (görmek için: kural replay {path})"},
    "save_unreadable": {"en": "cannot be resumed: {file}: {error}", "tr": "devam edilemez: {file}: {error}"},
    "save_in_play": {"en": "being played now by another kural", "tr": "şu an başka bir kural programında oynanıyor"},
    "saves_more": {"en": "... and {n} more files, not read (a listing reads the first {limit})",
                   "tr": "... ve okunmayan {n} dosya daha (liste ilk {limit} dosyayı okur)"},
    "saves_resume": {"en": "Resume one with: kural saves N", "tr": "Birine devam etmek için: kural saves N"},
    "no_save_number": {"en": "there is no unfinished game {n}: `kural saves` lists {count} in {folder} "
                             "(type `kural saves` to see them)",
                       "tr": "{n} numaralı bitmemiş oyun yok: `kural saves`, {folder} içinde {count} oyun "
                             "listeliyor (görmek için `kural saves` yaz)"},
    "cannot_list": {"en": "cannot read the folder {folder}: {error}", "tr": "{folder} klasörü okunamıyor: {error}"},
    "cmd_help": {"en": "help", "tr": "yardım"},
    "cmd_quit": {"en": "quit", "tr": "çık"},
    "cmd_why": {"en": "why", "tr": "neden"},
    "cmd_hint": {"en": "hint", "tr": "ipucu"},
    # --- the screen
    "move_no": {"en": "move {n}", "tr": "hamle {n}"},
    "your_hand": {"en": "your {zone}", "tr": "senin {zone}"},
    "running_totals": {"en": "totals so far", "tr": "şimdiye kadarki toplam"},
    "cards_count": {"en": "{n} cards", "tr": "{n} kart"},
    "cards_count_one": {"en": "1 card", "tr": "1 kart"},
    "group_size": {"en": "({n} cards, {points} points)", "tr": "({n} kart, {points} puan)"},
    "empty": {"en": "empty", "tr": "boş"},
    "signs": {"en": "This deck's signs: {signs}.", "tr": "Bu destenin işaretleri: {signs}."},
    "came_to_hand": {"en": "→ {cards} (new in your hand, marked *)", "tr": "→ {cards} (eline geldi, * ile işaretli)"},
    "prompt": {"en": "{name}, your move: ", "tr": "{name}, hamlen: "},
    # --- reading the person's input
    "empty_input": {"en": "type a card such as {examples}, or a number from the list ({help} shows the moves)",
                    "tr": "{examples} gibi bir kart ya da listeden bir numara yaz ({help} hamleleri gösterir)"},
    "unreadable": {"en": "cannot read '{text}': type a card such as {examples}, or a number from the list",
                   "tr": "'{text}' anlaşılmadı: {examples} gibi bir kart ya da listeden bir numara yaz"},
    "no_number": {"en": "there is no move {n}: choose a number from 1 to {last}",
                  "tr": "{n} numaralı hamle yok: 1 ile {last} arasında bir numara seç"},
    "refused": {"en": "{card} cannot be played now: {why}", "tr": "{card} şimdi oynanamaz: {why}"},
    "cards_face_down": {"en": "{n} cards, face down", "tr": "{n} kart, kapalı"},  # (a move only its player sees)
    "card_face_down": {"en": "a card, face down", "tr": "bir kart, kapalı"},
    "refused_move": {"en": "{card}: not now: {why}", "tr": "{card}: şimdi olmaz: {why}"},  # (a move of no card: pas)
    "step_first": {"en": "{what}: not yet: first {moves}{rule}", "tr": "{what}: henüz değil: önce {moves}{rule}"},
    "step_now": {"en": "{what}: not at this point of your turn: now {moves}{rule}",
                 "tr": "{what}: sıranın bu aşamasında olmaz: şimdi {moves}{rule}"},
    "or_join": {"en": " or ", "tr": " ya da "},
    "not_in_zone": {"en": "{card} is not in {zone}", "tr": "{card} {zone:loc} yok"},
    "not_in_zone_seen": {"en": "{card} is not in {zone}: it is already on the table ({place})",
                         "tr": "{card} {zone:loc} yok: zaten masada ({place})"},
    "no_card_move": {"en": "{card}: no move of this game plays a card", "tr": "{card}: bu oyunda kart oynanan hamle yok"},
    "no_several": {"en": "{what}: no move of this game plays several cards at once",
                   "tr": "{what}: bu oyunda birkaç kart birden oynanan hamle yok"},
    "no_options": {"en": "{what}: nothing you hold can be played so now",
                   "tr": "{what}: elindekilerden hiçbiri şu an böyle oynanamaz"},
    "not_an_option": {"en": "{what}: {card} cannot be played that way now; its moves: {options}",
                      "tr": "{what}: {card} şu an böyle oynanamaz; oynanışları: {options}"},
    "not_a_meld": {"en": "{what} is not a meld: {why}", "tr": "{what} per değil: {why}"},
    "no_group": {"en": "{what}: there is no {n} among {zone} (their numbers: {numbers})",
                 "tr": "{what}: {zone} arasında {n} numara yok (numaraları: {numbers})"},
    "no_groups": {"en": "{what}: there are no {zone} yet", "tr": "{what}: henüz {zone} yok"},
    "no_groups_side": {"en": "{what}: your side has no {zone} yet", "tr": "{what}: henüz tarafına ait {zone} yok"},
    "no_groups_mine": {"en": "{what}: you have no {zone} yet", "tr": "{what}: henüz sana ait {zone} yok"},
    "nothing_fits": {"en": "{what}: no card you hold can go there now", "tr": "{what}: şu an oraya elindeki hiçbir kart gitmez"},
    "none_played": {"en": "{why}; none of the cards was played", "tr": "{why}; kartların hiçbiri oynanmadı"},
    "which_one": {"en": "{what}: which one? choose a number: {options}",
                  "tr": "{what}: hangisi? bir numara seç: {options}"},
    "help_moves": {"en": "Legal moves:{moves}", "tr": "Geçerli hamleler:{moves}"},
    "help_input": {"en": "Type a number from the list, a card ({examples}), or a move's name ({names}).",
                   "tr": "Listeden bir numara, bir kart ({examples}) ya da bir hamlenin adını ({names}) yaz."},
    "help_tips": {"en": "Tips: {tips}", "tr": "İpuçları: {tips}"},
    "help_typing": {"en": "How to type a move: {forms}.", "tr": "Hamle nasıl yazılır: {forms}."},
    "typed_card": {"en": "CARD", "tr": "KART"},
    "typed_cards": {"en": "CARD CARD…", "tr": "KART KART…"},
    "typed_card_more": {"en": "CARD…", "tr": "KART…"},
    "typed_group": {"en": "N", "tr": "N"},
    "typed_example": {"en": "{form} (e.g. {example})", "tr": "{form} (örneğin {example})"},
    "typed_group_means": {"en": "N is the number of one of the {zone} on the board",
                          "tr": "N, masadaki {zone} arasından birinin numarasıdır"},
    "help_commands": {"en": "Commands: {help} (this help), {why} CARD (why a card can or cannot be played, "
                            "without playing it), {hint} (a move the search bot would play, and why), "
                            "{quit} (save and stop).",
                      "tr": "Komutlar: {help} (bu yardım), {why} KART (bir kartın neden oynanıp oynanamayacağı, "
                            "oynamadan), {hint} (arama botunun oynayacağı hamle ve nedeni), {quit} (kaydet ve çık)."},
    "hint": {"en": "Hint: {move} ({why})", "tr": "İpucu: {move} ({why})"},
    "hint_searched": {"en": "won {pct}% of {n} playouts", "tr": "{n} deneme oyununda kazanma oranı %{pct}"},
    "hint_only": {"en": "your only move", "tr": "tek hamlen bu"},
    "hint_no_tip": {"en": "no tip of the rules picks it, the playouts do",
                    "tr": "bunu kuralların ipuçlarından hiçbiri değil, deneme oyunları seçiyor"},

    "why_legal": {"en": "{card} can be played now", "tr": "{card} şimdi oynanabilir"},
    # --- the end
    # {round} and its forms: what the game calls a round (game.round_title), made by round_words()
    "round_word": {"en": "round", "tr": "tur"},
    "round_col": {"en": "{column}{n}", "tr": "{n}. {column}"},
    "round_title": {"en": "{heading} {n}", "tr": "{n}. {heading}"},
    "rounds_title": {"en": "{each} points", "tr": "{each} puanları"},
    "new_round": {"en": "— {round} {n}: new deal —", "tr": "— {n}. {round}: yeni dağıtım —"},
    "new_deal": {"en": "— new cards dealt —", "tr": "— yeni kartlar dağıtıldı —"},
    "result_title": {"en": "Result", "tr": "Sonuç"},
    "col_player": {"en": "player", "tr": "oyuncu"},
    "col_team": {"en": "team", "tr": "takım"},
    "col_cards": {"en": "cards left", "tr": "kalan kartlar"},
    "col_winner": {"en": "winner", "tr": "kazanan"},
    "winner_mark": {"en": "★ wins", "tr": "★ kazandı"},
    "winners": {"en": "Winner: {names}", "tr": "Kazanan: {names}"},
    "no_winner": {"en": "Nobody won.", "tr": "Kimse kazanmadı."},
    "aborted": {"en": "The game was stopped after {n} moves (the rule file's move limit).",
                "tr": "Oyun {n} hamleden sonra durduruldu (kural dosyasının hamle sınırı)."},
    # --- list
    "list_variant": {"en": "variant", "tr": "çeşitleme"},
    "no_games": {"en": "no rule files in {path}", "tr": "{path} içinde kural dosyası yok"},
    # --- simulate
    "sim_games": {"en": "games", "tr": "oyun"},
    "sim_seed": {"en": "seed", "tr": "tohum"},
    "sim_progress": {"en": "playing", "tr": "oynanıyor"},
    "sim_wins": {"en": "wins", "tr": "galibiyet"},
    "sim_seat": {"en": "seat", "tr": "koltuk"},
    "sim_team": {"en": "team", "tr": "takım"},
    "sim_bot": {"en": "bot", "tr": "bot"},
    "sim_mean_moves": {"en": "mean moves per game", "tr": "oyun başına ortalama hamle"},
    "sim_aborted": {"en": "aborted games", "tr": "yarıda kalan oyun"},
    "sim_over_finished": {"en": "an aborted game (stopped at the move bound) is won by nobody: the wins, % and means "
                                "above are over the {finished} finished games of {games}",
                          "tr": "yarıda kalan (hamle sınırında durdurulan) bir oyunu kimse kazanmaz: yukarıdaki "
                                "galibiyetler, yüzdeler ve ortalamalar {games} oyundan biten {finished} oyun üzerinden"},
    "sim_shared_wins": {"en": "shared wins: {shared} games ended in a tie, which counts a win for each tied side, so "
                              "the wins add up to {wins} for {finished} finished games",
                        "tr": "paylaşılan galibiyet: {shared} oyun berabere bitti; berabere kalan her tarafa birer "
                              "galibiyet yazılır, bu yüzden {finished} biten oyunda galibiyetlerin toplamı {wins}"},
    "sim_speed": {"en": "games per second", "tr": "saniyede oyun"},
    "sim_per_round": {"en": "mean per {round}", "tr": "{round} başına ortalama"},
    "sim_mean_rounds": {"en": "mean {plural} per game", "tr": "oyun başına ortalama {plural}"},
    "sim_mean": {"en": "mean {title}", "tr": "ortalama {title}"},
    "sim_slow": {"en": "note: the first game has gone {moves} moves and is not over: random bots may never finish "
                       "{game} (a game stops at {limit} moves and counts as aborted); try --bots heuristic",
                 "tr": "not: ilk oyun {moves} hamledir sürüyor ve bitmedi: rastgele botlar {game} oyununu hiç "
                       "bitiremeyebilir (oyun {limit} hamlede durur ve yarıda kalmış sayılır); --bots heuristic dene"},
    "sim_never_finished": {"en": "stopped: the first {games} games of {game} all reached the move bound ({limit} moves) "
                                 "without an end, so the bots ({bots}) do not finish this game; {hint}",
                           "tr": "durduruldu: {game} için oynanan ilk {games} oyunun hepsi bitmeden hamle sınırına ({limit} "
                                 "hamle) ulaştı, yani botlar ({bots}) bu oyunu bitiremiyor; {hint}"},
    "sim_try_heuristic": {"en": "try --bots heuristic", "tr": "--bots heuristic dene"},
    "sim_try_rules": {"en": "see whether the rule file lets a game end (flow.end) before game.max_moves",
                      "tr": "kural dosyasında bir oyunun game.max_moves sınırına varmadan bitip bitemediğine (flow.end) bak"},
    "sim_interrupted": {"en": "interrupted: the statistics above are of the {games} games played before it (of {asked})",
                        "tr": "yarıda kesildi: yukarıdaki istatistikler, {asked} oyundan kesilmeden önce oynanan {games} oyuna ait"},
    "bad_think": {"en": "--think takes a number of iterations (200) or seconds (0.5s), not `{think}`",
                  "tr": "--think bir yineleme sayısı (200) ya da saniye (0.5s) alır, `{think}` değil"},
    "sim_bad_bots": {"en": "give one bot kind, or one per seat ({players}), from: {kinds}",
                     "tr": "bir bot türü ya da her koltuk için bir tane ({players}) ver: {kinds}"},
    # --- validate, replay
    "valid": {"en": "ok  {path}  ({game}{variants})", "tr": "tamam  {path}  ({game}{variants})"},
    "params_head": {"en": "Params of {title}: change one with --set NAME=VALUE, as each line shows",
                    "tr": "{title} parametreleri: birini her satırda gösterildiği gibi --set AD=DEĞER ile değiştir"},
    "params_none": {"en": "{title} has no params", "tr": "{title} oyununun parametresi yok"},
    "no_yaml": {"en": "{path}: no .yaml files here", "tr": "{path}: burada .yaml dosyası yok"},
    "no_such_path": {"en": "{path}: no such file or folder", "tr": "{path}: böyle bir dosya ya da klasör yok"},
    "reproduced": {"en": "reproduced: same deal, moves and result",
                   "tr": "yeniden üretildi: aynı dağıtım, hamleler ve sonuç"},
    "reproduced_unfinished": {"en": "reproduced: same deal and moves (the record has no result: unfinished)",
                              "tr": "yeniden üretildi: aynı dağıtım ve hamleler (kayıtta sonuç yok: bitmemiş)"},
    "not_reproduced": {"en": "does not reproduce:", "tr": "yeniden üretilemiyor:"},
    "record_n": {"en": "record {n}", "tr": "kayıt {n}"},
    "replay_summary": {"en": "{ok} of {total} records reproduce", "tr": "{total} kaydın {ok} tanesi yeniden üretildi"},
    # --- check (melds)
    "check_meld": {"en": "{cards}: a meld, {kind}, {points} points", "tr": "{cards}: geçerli per, {kind}, {points} puan"},
    "check_set": {"en": "a set of {rank}s", "tr": "aynı sayıdan kartlar ({rank})"},
    "check_run": {"en": "a run in {suit}", "tr": "{suit} sıralı"},
    "check_stands_for": {"en": "{card} stands for {face}", "tr": "{card}, {face} yerine geçiyor"},
    "check_stands_any": {"en": "{card} stands for any {rank}", "tr": "{card}, herhangi bir {rank} yerine geçiyor"},
    "check_in_place": {"en": "{card} is in its own place: natural", "tr": "{card} kendi yerinde: doğal"},
    "check_not_meld": {"en": "{cards}: not a meld — {reason}", "tr": "{cards}: per değil — {reason}"},
    "check_why_size": {"en": "too few cards for a meld", "tr": "bir per için kart az"},
    "check_why_shape": {"en": "neither a set nor a run", "tr": "ne aynı sayıdan ne sıralı"},
    "check_why_wilds": {"en": "more wild cards than a meld may hold", "tr": "bir perin alabileceğinden çok joker var"},
    "check_why_core": {"en": "a wild in a run needs more natural cards in sequence",
                       "tr": "sıralıda joker için daha çok sıralı doğal kart gerekir"},
    "check_no_melds": {"en": "{game} has no `melds:` section: its rule file says nothing of melds",
                       "tr": "{game} oyununun `melds:` bölümü yok: kural dosyası per tanımlamıyor"},
    "check_bad_card": {"en": "`{code}` is not a card: give cards such as 7H, ♥7, 10D or 🃏 (a joker, also JK)",
                       "tr": "`{code}` bir kart değil: 7H, ♥7, 10D ya da 🃏 (joker, JK de olur) gibi kartlar ver"},
    "check_not_in_deck": {"en": "{code} is not in this game's deck", "tr": "{code} bu oyunun destesinde yok"},
    "check_too_many": {"en": "{code} is given more times than the deck has it ({n})",
                       "tr": "{code} destede olduğundan ({n}) daha çok kez verildi"},
}

# Help texts of the commands, in the language choose_lang gives (--lang, KURAL_LANG, the locale).
HELP: dict[str, dict[str, str]] = {
    "app": {"en": "kural: card games from rule files. Play one, let bots play thousands, check rule files and records.",
            "tr": "kural: kural dosyalarından kart oyunları. Oyna, botlara binlerce oyun oynat, kural dosyalarını ve kayıtları denetle."},
    "list": {"en": "List the bundled games and their variants, one line each.",
             "tr": "Paketteki oyunları ve çeşitlemelerini, her biri bir satırda listeler."},
    "play": {"en": "Play GAME (an id from `kural list` or a rule file) as seat 0 against bots. "
                   "Type a card (10H, ♥10, hearts 10), its number in the list, or a move's name; `help` lists the moves, "
                   "`quit` saves and stops. The game is saved after each of your moves and before each prompt, bots' "
                   "moves at most once a second (default file: $KURAL_HOME/saves/GAME.json, KURAL_HOME defaulting to "
                   "~/.kural; --auto games use GAME-auto.json); the save is locked while it is played; a new game where "
                   "an unfinished one is saved asks, on a terminal, whether to resume it, keep it aside or quit, and "
                   "otherwise keeps it as GAME.prev.json (GAME.prev2.json, ...), saying so; `kural saves` lists them. "
                   "The save is deleted when the game ends. --record and --save write only a regular file in a folder that exists. Exit codes: 0 the game ended, or input ended / quit "
                   "(saved, with the command to resume printed); 130 Ctrl-C (saved); 2 a bad rule file, option or save.",
             "tr": "OYUN'u (`kural list` içindeki bir ad ya da bir kural dosyası) botlara karşı 0. koltukta oynar. "
                   "Bir kart (10H, ♥10, kupa 10), listedeki numarası ya da bir hamle adı yaz; `yardım` hamleleri "
                   "gösterir, `çık` kaydedip durur. Oyun her hamlenden sonra ve sana her hamle sorulmadan önce kaydedilir, "
                   "botların hamleleri en çok saniyede bir kez (varsayılan dosya: $KURAL_HOME/saves/OYUN.json, KURAL_HOME "
                   "verilmezse ~/.kural; --auto oyunları OYUN-auto.json); kayıt oynanırken kilitlidir; bitmemiş "
                   "bir oyunun kayıtlı olduğu yerde yeni oyun başlarken uçbirimde ona devam mı edileceği, kenara mı "
                   "konacağı ya da çıkılacağı sorulur, değilse oyun OYUN.prev.json (OYUN.prev2.json, ...) olarak "
                   "saklanır ve bu söylenir; `kural saves` onları listeler. Oyun bitince kayıt silinir. "
                   "--record ve --save yalnızca var olan bir klasördeki normal bir dosyaya yazar. Çıkış kodları: 0 oyun bitti ya da girdi bitti / çık (kaydedildi, "
                   "devam komutu yazılır); 130 Ctrl-C (kaydedildi); 2 hatalı kural dosyası, seçenek ya da kayıt."},
    "simulate": {"en": "Let bots play GAME many times; print wins by seat, mean scores, mean moves, aborted games and "
                       "games per second (a progress bar on stderr when it is a terminal). Game i is dealt with seed+i.",
                 "tr": "Botlar OYUN'u defalarca oynar; koltuk başına galibiyet, ortalama puan, ortalama hamle, yarıda "
                       "kalan oyun ve saniyede oyun sayısı yazılır (uçbirimde stderr'de ilerleme çubuğu). "
                       "i. oyun seed+i ile dağıtılır."},
    "validate": {"en": "Check rule files and variant files (directories: every .yaml inside). "
                       "Prints `ok` per good file, each problem as file:line:col on stderr; exit 2 if any problem.",
                 "tr": "Kural ve çeşitleme dosyalarını denetler (dizinlerde içindeki her .yaml). Her iyi dosya için "
                       "`tamam`, her sorun için stderr'e dosya:satır:sütun yazar; sorun varsa çıkış kodu 2."},
    "compile": {"en": "Print the Python module a game's rules are compiled to (what play runs): written from the "
                      "checked program only, with every name made by kural and every constant written as a literal.",
                "tr": "Bir oyunun kurallarının derlendiği Python modülünü yazar (oyunda çalışan budur): yalnızca "
                      "denetlenmiş programdan yazılır; her adı kural koyar, her sabit bir değer olarak yazılır."},
    "replay": {"en": "Replay a record (JSON, or JSON Lines with one record a line) through the rules and say whether "
                     "it reproduces the same deal, moves and result. Exit 0 all reproduce, 1 one does not, "
                     "2 unreadable.",
               "tr": "Bir kaydı (JSON ya da her satırı bir kayıt olan JSON Lines) kurallarla yeniden oynatır ve aynı "
                     "dağıtımı, hamleleri ve sonucu verip vermediğini söyler. Çıkış 0 hepsi tutuyor, 1 biri tutmuyor, "
                     "2 okunamıyor."},
    "schema": {"en": "Print the JSON Schema (draft 2020-12) of a rule file, for editors: every section and key, "
                     "its type, allowed values, default and meaning, from the table the loader reads "
                     "(a copy is docs/rule-file.schema.json). It checks the shape only; `kural validate` checks the rules.",
               "tr": "Kural dosyasının JSON Schema'sını (draft 2020-12) editörler için yazar: her bölüm ve anahtar, "
                     "türü, alabileceği değerler, varsayılanı ve anlamı, yükleyicinin okuduğu tablodan "
                     "(bir kopyası docs/rule-file.schema.json). Yalnızca biçimi denetler; kuralları `kural validate` denetler."},
    "opt_lang": {"en": "Language of every text: tr or en. Default: the KURAL_LANG environment variable, "
                       "else your locale (LC_ALL, LC_MESSAGES, LANG: tr_* is Turkish, any other English).",
                 "tr": "Bütün metinlerin dili: tr ya da en. Varsayılan: KURAL_LANG ortam değişkeni, o da yoksa "
                       "yerel ayarın (LC_ALL, LC_MESSAGES, LANG: tr_* Türkçe, diğerleri İngilizce)."},
    "opt_variant": {"en": "A variant to play (a name from `kural list` or a variant file); repeatable.",
                    "tr": "Oynanacak çeşitleme (`kural list` içindeki bir ad ya da dosya); birden çok verilebilir."},
    "opt_set": {"en": "Change a param of the rule file, as name=value; repeatable.",
                "tr": "Kural dosyasındaki bir parametreyi ad=değer olarak değiştirir; birden çok verilebilir."},
    "opt_players": {"en": "Number of players, where the game allows several (its default otherwise).",
                    "tr": "Oyuncu sayısı, oyun birkaç sayıya izin veriyorsa (yoksa oyunun varsayılanı)."},
    "opt_seed": {"en": "Seed of the deal and the bots (default: random, printed so the game can be played again).",
                 "tr": "Dağıtımın ve botların tohumu (varsayılan: rastgele; oyun tekrar oynanabilsin diye yazılır)."},
    "opt_bots": {"en": "Kind of bot in the other seats (search: it looks ahead, see --think).",
                 "tr": "Diğer koltuklardaki botların türü (search: ileriyi arar, bkz. --think)."},
    "opt_auto": {"en": "Bots in every seat: watch a game; needs no input.",
                 "tr": "Her koltukta bot: bir oyunu izle; girdi gerekmez."},
    "opt_delay": {"en": "With --auto: seconds to wait after each move (default: 0.5 on a terminal, 0 otherwise).",
                  "tr": "--auto ile: her hamleden sonra beklenecek saniye (varsayılan: uçbirimde 0.5, değilse 0)."},
    "opt_record": {"en": "Write the game's record (JSON) to this file when it ends.",
                   "tr": "Oyun bitince kaydını (JSON) bu dosyaya yazar."},
    "opt_resume": {"en": "Continue the game saved in this file (a save or a record without its end); it goes on "
                         "with its own seed, variants and params, so --seed, --variant, --set and --players that "
                         "differ are refused. To resume a game by its number in `kural saves`, type: kural saves N.",
                   "tr": "Bu dosyada kayıtlı oyuna devam eder (bir kayıt ya da sonu olmayan bir oyun kaydı); oyun "
                         "kendi tohumu, çeşitlemeleri ve parametreleriyle sürer, farklı --seed, --variant, --set ve "
                         "--players reddedilir. `kural saves` listesindeki numarasıyla bir oyuna devam etmek için "
                         "yaz: kural saves N."},
    "saves": {"en": "List the saved games; `kural saves N` resumes game N of the list. The folder is "
                    "$KURAL_HOME/saves (KURAL_HOME defaulting to ~/.kural), the games kept aside as GAME.prev.json, "
                    "GAME.prev2.json, ... included: each unfinished game is numbered, with its game, variants, "
                    "params, players, seed, moves played and date; a finished one is marked so, and a file that "
                    "cannot be resumed is on a line of its own with the reason.",
              "tr": "Kayıtlı oyunları listeler; `kural saves N` listedeki N. oyuna devam eder. Klasör "
                    "$KURAL_HOME/saves (KURAL_HOME verilmezse ~/.kural); OYUN.prev.json, OYUN.prev2.json, ... "
                    "olarak kenara konan oyunlar da listelenir: her bitmemiş oyun numarasıyla, oyunu, "
                    "çeşitlemeleri, parametreleri, oyuncuları, tohumu, oynanan hamleleri ve tarihiyle; bitmiş "
                    "oyun öyle işaretlenir, devam edilemeyen bir dosya da nedeniyle kendi satırında gösterilir."},
    "arg_save_number": {"en": "The number of an unfinished game in the list: resume it.",
                        "tr": "Listedeki bitmemiş bir oyunun numarası: ona devam edilir."},
    "opt_save": {"en": "Autosave to this file instead of the default.",
                 "tr": "Varsayılan yerine bu dosyaya kaydeder."},
    "opt_version": {"en": "Print kural's version and exit.", "tr": "kural'ın sürümünü yazar ve çıkar."},
    "opt_n": {"en": "Number of games.", "tr": "Oyun sayısı."},
    "opt_sim_seed": {"en": "Seed of the first game; game i uses seed+i.", "tr": "İlk oyunun tohumu; i. oyun seed+i."},
    "opt_sim_bots": {"en": "Bot kind for every seat, or a comma list with one per seat (heuristic,random,search,...). "
                           "The default is the rule file's game.bots: random, fast, unless the file names heuristic "
                           "for a game random bots do not finish. When the first games all stop at the move bound, "
                           "the run stops and says so. Your own policy is module:Name (a class with choose(state), "
                           "or a function of the state, imported from the working folder).",
                     "tr": "Her koltuk için bot türü ya da her koltuğa bir tane, virgülle (heuristic,random,search,...). "
                           "Varsayılan, kural dosyasının game.bots değeridir: dosya, rastgele botların bitiremediği bir "
                           "oyun için heuristic demedikçe hızlı olan random. İlk oyunların hepsi hamle sınırında durursa çalışma "
                           "durur ve bunu söyler. Kendi politikan modül:Ad biçimindedir (choose(state) yöntemi olan bir "
                           "sınıf ya da durumu alan bir fonksiyon; çalışma klasöründen içe aktarılır)."},
    "opt_think": {"en": "The search bot's budget for each move: a number of iterations (1000, the default, gives the "
                        "same game for the same seed), or seconds such as 0.5s (not reproducible: it depends on the machine).",
                  "tr": "Arama botunun her hamle için bütçesi: yineleme sayısı (varsayılan 1000; aynı tohum aynı oyunu "
                        "verir) ya da 0.5s gibi saniye (tekrarlanamaz: makineye bağlıdır)."},
    "opt_json_out": {"en": "Print the answer as one JSON object on stdout, in the stable form docs/json/ describes.",
                     "tr": "Cevabı stdout'a, docs/json/ altında tarif edilen sabit biçimde tek bir JSON nesnesi olarak yazar."},
    "opt_json": {"en": "Print the statistics as one JSON object on stdout.",
                 "tr": "İstatistikleri stdout'a tek bir JSON nesnesi olarak yazar."},
    "opt_sim_record": {"en": "Write every game's record to this file, one JSON record a line (JSON Lines).",
                       "tr": "Her oyunun kaydını bu dosyaya, her satıra bir JSON kaydı olarak yazar (JSON Lines)."},
    "opt_legal": {"en": "With --record: add to each move the list of legal moves that were offered.",
                  "tr": "--record ile: her hamleye o an sunulan geçerli hamlelerin listesini ekler."},
    "arg_game": {"en": "A game id (see `kural list`) or a rule file.",
                 "tr": "Bir oyun adı (bkz. `kural list`) ya da bir kural dosyası."},
    "arg_paths": {"en": "Rule files, variant files or directories.", "tr": "Kural dosyaları, çeşitleme dosyaları ya da dizinler."},
    "params": {"en": "List GAME's params (with its --variant and --set values applied): each one's value as --set "
                     "takes it, what it is (its type and range), an example of --set, and its meaning.",
               "tr": "OYUN'un parametrelerini (--variant ve --set değerleri uygulanmış olarak) listeler: her birinin "
                     "--set'in aldığı biçimdeki değeri, ne olduğu (türü ve aralığı), bir --set örneği ve anlamı."},
    "opt_params_json": {"en": "Print the params as one JSON object (docs/json/params.schema.json).",
                        "tr": "Parametreleri tek bir JSON nesnesi olarak yazar (docs/json/params.schema.json)."},
    "check": {"en": "Say whether the CARDS form a meld under GAME's `melds:` section: a set or a run, which card "
                    "stands for which, its points; or the rule that refuses it. Exit 0 a meld, 1 not a meld, "
                    "2 unusable input (an unknown card, a game without `melds:`).",
              "tr": "KARTLAR'ın OYUN'un `melds:` bölümüne göre bir per olup olmadığını söyler: seri mi sıralı mı, "
                    "hangi kart hangisinin yerine geçiyor, kaç puan; ya da onu reddeden kural. Çıkış 0 per, 1 per değil, "
                    "2 kullanılamaz girdi (bilinmeyen kart, `melds:` bölümü olmayan oyun)."},
    "arg_cards": {"en": "Cards as the table prints them or by code: ranks A 2 ... 9 T (or 10) J Q K, suits S H D C "
                        "or their symbols (7H, ♥7, 10D); a joker is 🃏, joker, JK or XJ.",
                  "tr": "Kartlar masada göründüğü gibi ya da koduyla: sayılar A 2 ... 9 T (ya da 10) J Q K, renkler "
                        "S H D C ya da simgeleri (7H, ♥7, 10D); joker 🃏, joker, JK ya da XJ."},
    "opt_check_json": {"en": "Print the answer as one JSON object (docs/json/check.schema.json): legal, kind, points, the "
                             "localized reason with its stable reason_code and rule, and each card with the card it "
                             "stands for; an unusable input is {\"error\": {\"code\", \"message\"}}, exit 2.",
                       "tr": "Cevabı tek bir JSON nesnesi olarak yazar (docs/json/check.schema.json): legal, kind, "
                             "points, dile göre reason ile sabit reason_code ve rule, her kart ve yerine geçtiği kart; "
                             "kullanılamaz girdi {\"error\": {\"code\", \"message\"}} olur, çıkış 2."},
    "arg_record": {"en": "A record file (.json) or records, one a line (.jsonl).",
                   "tr": "Bir kayıt dosyası (.json) ya da her satırı bir kayıt olan dosya (.jsonl)."},
}

# Words the person may type for the app's own commands, in either language.
COMMANDS: dict[str, tuple[str, ...]] = {
    "help": ("help", "?", "yardım", "yardim", "h"),
    "quit": ("quit", "q", "exit", "çık", "cik", "çıkış", "cikis"),
    "hint": ("hint", "ipucu", "ipuçu"),
}
WHY_WORDS = ("why", "neden", "niye")
# What the person may answer, in either language, when a new game would replace an unfinished save.
OLD_SAVE_CHOICES: dict[str, tuple[str, ...]] = {
    "resume": ("r", "resume", "d", "devam", "1"),
    "new": ("n", "new", "y", "yeni", "2"),
    "quit": ("q", "quit", "ç", "c", "çık", "cik", "3"),
}  # `why 7D`: explain a card without playing it


def t(key: str, lang: str, **values) -> str:
    """The message `key` in `lang`, with its {placeholders} filled: from this catalog, or from the engine's
    (interpreter/messages.py) for what the engine says to the user too (a record's check, a seed's)."""
    entry = MESSAGES.get(key)
    if entry is None:  # read here only when needed: `kural --help` never loads that catalog
        from kural.interpreter.messages import MESSAGES as ENGINE
        entry = ENGINE[key]
    text = entry.get(lang) or entry[FALLBACK]
    return text.format(**{k: filled(v) for k, v in values.items()}) if values else text


def round_words(g, lang: str) -> dict[str, str]:
    """What the game calls a round (game.round_title: a hand, el), in the forms the catalog's sentences put
    it, each as its language says it: {round}; {heading} (Hand 2 / 2. el); {column} (H2 / 2. el); {each}
    (Each hand's points / Ellerin puanları); {plural} (mean hands / ortalama el)."""
    word = pick(getattr(g, "round_title", None), lang) or t("round_word", lang)
    if lang == "tr":
        return {"round": word, "heading": word, "column": word, "plural": word,
                "each": capital(Phrase(word).inflect("pl.gen"), lang)}
    plural = word + ("es" if word.endswith(("s", "x", "ch", "sh")) else "s")
    return {"round": word, "heading": capital(word, lang), "column": capital(word, lang)[:1], "plural": plural,
            "each": f"Each {word}'s"}


def pick(texts: dict | None, lang: str, default: str = "") -> str:
    """A rule file's {en, tr} text in `lang`."""
    if not texts:
        return default
    return texts.get(lang) or texts.get(FALLBACK) or next(iter(texts.values()), default)


# The locale's variables, in the order POSIX reads them for the language of messages.
LOCALE_VARS = ("LC_ALL", "LC_MESSAGES", "LANG")


def locale_lang(environ=None) -> str:
    """The language of the user's locale: the first of LC_ALL, LC_MESSAGES, LANG that is set and not
    empty; Turkish for tr (tr_TR.UTF-8, tr), English for any other (C, POSIX, none)."""
    environ = os.environ if environ is None else environ
    value = next((environ[name] for name in LOCALE_VARS if environ.get(name)), "")
    language = re.split(r"[_.@]", value, maxsplit=1)[0].lower()
    return language if language in LANGS else FALLBACK


def choose_lang(option: str | None = None) -> str:
    """The one language every command speaks: --lang, else the environment's KURAL_LANG, else the
    locale (locale_lang). A rule file's own `game.lang` never chooses it: a person reads their language
    whatever the game's author wrote in."""
    for candidate in (option, os.environ.get("KURAL_LANG", "").strip().lower()):
        if candidate in LANGS:
            return candidate
    return locale_lang()
