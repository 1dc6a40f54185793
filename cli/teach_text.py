"""The teaching commands' own words (cli/main.py `rules`, `diff`, `graph`, `explain`): their help, and the
lines of `explain` and `graph --output` that belong to the command (its position's header, drawing with
Graphviz, bad options). The rules themselves are said by the teaching layer (dsl/teach/).

`kural --help` reads HELP without loading the rules language.
"""
from __future__ import annotations

from kural.interpreter.messages import filled

TEXT: dict[str, dict[str, str]] = {
    "no_dot": {"en": "Graphviz's `dot` program is not installed, so {path} cannot be drawn. Install Graphviz "
                     "(apt-get install graphviz, brew install graphviz, or https://graphviz.org/download/), "
                     "or print the graph with --format dot or --format mermaid.",
               "tr": "Graphviz'in `dot` programı kurulu değil, bu yüzden {path} çizilemiyor. Graphviz'i kur "
                     "(apt-get install graphviz, brew install graphviz ya da https://graphviz.org/download/) "
                     "ya da grafiği --format dot veya --format mermaid ile yazdır."},
    "bad_output": {"en": "--output must end in .svg or .png, not {path}",
                   "tr": "--output .svg ya da .png ile bitmeli, {path} değil"},
    "dot_failed": {"en": "dot could not draw the graph: {error}", "tr": "dot grafiği çizemedi: {error}"},
    "written": {"en": "written to {path}", "tr": "{path} dosyasına yazıldı"},
    "x_header": {"en": "{title} · seed {seed} · before move {k} of {n}",
                 "tr": "{title} · tohum {seed} · {n} hamlenin {k}. hamlesinden önce"},
    "x_header_record": {"en": "{title} · record {path} · before move {k} of {n}",
                        "tr": "{title} · kayıt {path} · {n} hamlenin {k}. hamlesinden önce"},
    "x_bots": {"en": "(played by {kind}bots; the same game as `kural simulate {game} -n 1 --seed {seed} --bots {bots}`)",
               "tr": "(bu oyunu {kind}botlar oynadı; aynı oyunu yeniden oynatmak için: `kural simulate {game} -n 1 --seed {seed} --bots {bots}`)"},
    "x_bots_usual": {"en": "(played by the bots; the same game as `kural simulate {game} -n 1 --seed {seed} --bots {bots}`)",
                     "tr": "(bu oyunu botlar oynadı; aynı oyunu yeniden oynatmak için: `kural simulate {game} -n 1 --seed {seed} --bots {bots}`)"},
    # the other kinds of bot (--bots), as x_bots names them (with its space); the usual ones, that follow the rule
    # file's tactics, are just the bots (x_bots_usual)
    "bot_random": {"en": "random ", "tr": "rastgele "},
    "bot_search": {"en": "search ", "tr": "arama yapan "},
    "x_to_move": {"en": "To move: {name}, step “{step}”.", "tr": "Hamle sırası: {name}, “{step}” adımı."},
    "x_to_move_one": {"en": "To move: {name}.", "tr": "Hamle sırası: {name}."},
    "x_window": {"en": "Asked in turn in this step: {names} (now {name}), until everyone asked passes; then the turn is {opener}'s again.",
                 "tr": "Bu adımda sırayla sorulanlar: {names} (şimdi {name}), sorulan herkes pas deyene dek; sonra sıra yine adımı açan oyuncuya döner: {opener}."},
    "x_hand": {"en": "{name} · {zone}: {cards}", "tr": "{name} · {zone}: {cards}"},
    "x_bad_move": {"en": "--move must be between 1 and {n} (the game has {n} moves)",
                   "tr": "--move 1 ile {n} arasında olmalı (oyunda {n} hamle var)"},
    "x_game_over": {"en": "the game is over before move {k}", "tr": "oyun {k}. hamleden önce bitti"},
    "x_bad_card": {"en": "{card} is not a card of this game's deck", "tr": "{card} bu oyunun destesinde bir kart değil"},
    "x_need_game": {"en": "name a game and --seed, or give --record FILE", "tr": "bir oyun ve --seed ver ya da --record DOSYA"},
    "x_bad_record": {"en": "cannot read the record {path}: {error}", "tr": "{path} kaydı okunamıyor: {error}"},
    "x_other_game": {"en": "the record {path} is a game of {played}, not of {game}: name {played}, or leave the game out",
                     "tr": "{path} kaydı {game} oyununun değil, {played} oyununun: {played} yaz ya da oyun adını hiç yazma"},
    "x_other_rules": {"en": "the record {path} was played under {played}, not {asked}: leave those options out to "
                            "explain it under its own rules",
                      "tr": "{path} kaydı {asked} ile değil, {played} ile oynandı: kendi kurallarıyla açıklamak için "
                            "bu seçenekleri yazma"},
    "x_record_and_seed": {"en": "--seed deals a game for bots to play, and the record {path} has its own deal: "
                                "give one or the other",
                          "tr": "--seed botların oynayacağı bir oyun dağıtır, {path} kaydının ise kendi dağıtımı var: "
                                "ikisinden birini ver"},
    "x_more": {"en": "… and {n} more", "tr": "… ve {n} tane daha"},
    "x_other_step": {"en": "“{move}” is offered in another step of the turn, not now.",
                     "tr": "«{move}» turun başka bir adımında yapılabilir, şimdi değil."},
}

HELP: dict[str, dict[str, str]] = {
    "rules": {"en": "Print GAME's rules as a player is handed them: each rule in the rule file's own words, in "
                    "sections (players and cards, the deal, a turn, ... the end of the game), with their numbers "
                    "(F2, C8 ...), the game's own terms explained where they first appear, the tactics and the "
                    "variations. --reference prints the whole logic instead: every move and when it is allowed, "
                    "the counters, the settings, the scoring, as the program plays them. With --variant, the parts "
                    "a variant changes are marked.",
              "tr": "OYUN'un kurallarını oyuncuya verildiği gibi yazar: her kuralı, kural dosyasındaki kendi "
                    "sözleriyle, bölüm bölüm (oyuncular ve kartlar, dağıtım, sıra ... oyunun sonu), numaralarıyla "
                    "(F2, C8 ...); oyunun kendi terimleri ilk geçtikleri yerde açıklanır; en sonda taktikler ve "
                    "çeşitlemeler gelir. --reference ise programın oynadığı haliyle bütün işleyişi yazar: her hamle "
                    "ve ne zaman yapılabileceği, sayaçlar, ayarlar, puanlama. --variant ile çeşitlemenin değiştirdiği "
                    "yerler işaretlenir."},
    "diff": {"en": "Show what a variant changes, rule by rule, in words and as rule-file lines: "
                   "`kural diff GAME VARIANT`, or `kural diff FILE1 FILE2` for two rule files.",
             "tr": "Bir çeşitlemenin neyi değiştirdiğini kural kural, sözle ve kural dosyası satırlarıyla gösterir: "
                   "`kural diff OYUN ÇEŞİTLEME` ya da iki kural dosyası için `kural diff DOSYA1 DOSYA2`."},
    "graph": {"en": "Print GAME's flow as a state machine (rounds, turn steps, moves with their guards in words) in "
                    "Mermaid or Graphviz DOT; --output FILE.svg/.png draws it with Graphviz's `dot`.",
              "tr": "OYUN'un akışını durum makinesi olarak (turlar, adımlar, koşullarıyla hamleler) Mermaid ya da "
                    "Graphviz DOT biçiminde yazar; --output DOSYA.svg/.png Graphviz'in `dot` programıyla çizer."},
    "explain": {"en": "At a point of a game played by bots from --seed (or of a --record), show the position, every "
                      "legal move, and for every other option the rule that forbids it.",
                "tr": "Botların --seed ile oynadığı bir oyunun (ya da bir --record kaydının) bir anında durumu, her "
                      "geçerli hamleyi ve diğer her seçenek için onu yasaklayan kuralı gösterir."},
    "opt_format_rules": {"en": "text (for the terminal), markdown (for a web page or a printout), json, or reference "
                               "(the same as --reference, as text).",
                         "tr": "text (uçbirim için), markdown (web sayfası ya da yazıcı çıktısı için), json ya da "
                               "reference (--reference ile aynı, metin olarak)."},
    "opt_reference": {"en": "The whole logic, as the program plays it (every move, check, counter and score), "
                            "instead of the rules a player is handed.",
                      "tr": "Oyuncuya verilen kurallar yerine programın oynadığı haliyle bütün işleyişi yazar (her "
                            "hamle, koşul, sayaç ve puan)."},
    "opt_format_graph": {"en": "mermaid, dot (Graphviz) or json.", "tr": "mermaid, dot (Graphviz) ya da json."},
    "opt_format_diff": {"en": "text or json.", "tr": "text ya da json."},
    "opt_explain_json": {"en": "The same as --format json: the position, the legal and the refused moves as JSON "
                               "(docs/json/explain.schema.json); an error as {\"error\": {code, message}}.",
                         "tr": "--format json ile aynı: durum, geçerli ve reddedilen hamleler JSON olarak "
                               "(docs/json/explain.schema.json); hata {\"error\": {code, message}} olarak."},
    "opt_output": {"en": "Draw the graph into this .svg or .png file (needs Graphviz's `dot`).",
                   "tr": "Grafiği bu .svg ya da .png dosyasına çizer (Graphviz'in `dot` programı gerekir)."},
    "arg_left": {"en": "A game id or a rule file.", "tr": "Bir oyun adı ya da bir kural dosyası."},
    "arg_right": {"en": "A variant of it (a name or a file), or another rule file.",
                  "tr": "Onun bir çeşitlemesi (ad ya da dosya) ya da başka bir kural dosyası."},
    "opt_move": {"en": "The move to look at: the position before the K-th move (1 = the first).",
                 "tr": "Bakılacak hamle: K. hamleden önceki durum (1 = ilk hamle)."},
    "opt_card": {"en": "Explain only this card (a code such as 7D).", "tr": "Yalnızca bu kartı açıklar (7D gibi bir kod)."},
    "opt_record": {"en": "A record (JSON) to look into instead of a seeded bot game.",
                   "tr": "Tohumlu bir bot oyunu yerine incelenecek kayıt (JSON)."},
    "opt_explain_seed": {"en": "Seed of the bot game.", "tr": "Bot oyununun tohumu."},
    "opt_explain_bots": {"en": "Kind of bot in every seat.", "tr": "Her koltuktaki botun türü."},
}


def say(key: str, lang: str, **values) -> str:
    from kural.dsl.wording import fill  # here, not above: `kural --help` reads HELP and must not load the rules language
    entry = TEXT[key]
    values = {k: filled(v) for k, v in values.items()}
    return str(fill(entry.get(lang) or entry["en"], (), **values)) if values else (entry.get(lang) or entry["en"])
