"""What is wrong with a rule file, in English and Turkish: one catalog of messages and hints.

A problem of a rule file (dsl/errors.py Problem) or of a game in play (interpreter/errors.py PlayError)
holds its message and hint as `Msg`: the English text itself (a str, so that code and tests that read
the message see what they always saw) with the key and the values that say it in another language.
`said(text, lang)` gives the text in `lang`; a value that is a Msg itself (a kind of value, a part of
the file) is said in that language too, and a plain str (a name, a path, text quoted from the file)
stays as written. Turkish speaks to the reader as sen.

A new message: its key below with both texts, made with Msg(key, **values) where the problem is made
(tests/test_error_language.py checks that every key has both and that no problem is English written in
place). The English of a message is what the tests and users have always read: change it with care.
"""
from __future__ import annotations

from numbers import Number

LANGS = ("en", "tr")
HINT_WORD = {"en": "hint", "tr": "ipucu"}  # the word before a problem's hint
WARNING_WORD = {"en": "warning", "tr": "uyarı"}  # and before a warning of `kural validate`
BASE_WORD = {"en": "in the base", "tr": "temel dosyada"}  # before the base's line a variant's value does not fit


def escaped(text: str) -> str:
    """Text as a message may show it: a character that does not print as itself (a control
    character, a bidi override such as U+202E that would reorder the line on the terminal, a
    zero-width one) is written as its code, so that what the user reads is what was given."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else f"\\u{ord(c):04x}" if ord(c) > 0xFF else f"\\x{ord(c):02x}"
                   for c in text)


def filled(value):
    """A value as every message fills it in: text from outside (a name, a path, what was typed on the
    command line, a record's field) escaped; a number, a said Msg (the catalog's own words) as it is."""
    if isinstance(value, (Msg, Number)) or value is None:
        return value
    return escaped(str(value))  # a path too: str() is what the message would print


class Msg(str):
    """The English text of catalog message `key` with `values` filled in; said in another language
    with `said`."""

    key: str
    values: dict

    def __new__(cls, key: str, /, **values) -> "Msg":
        text = MESSAGES[key]["en"].format(**{k: _listed(v, "en") for k, v in values.items()})
        self = super().__new__(cls, text)
        self.key, self.values = key, values
        return self

    def __reduce__(self):  # sent whole to and from another process (kural simulate --workers)
        return _rebuilt, (self.key, self.values)

    def said(self, lang: str) -> str:
        if lang not in LANGS or lang == "en":
            return str(self)
        values = {k: _listed(v, lang) for k, v in self.values.items()}
        return MESSAGES[self.key][lang].format(**values)


def _rebuilt(key: str, values: dict) -> Msg:
    return Msg(key, **values)


def _listed(value, lang: str):
    """A value as a message shows it in `lang`: a list of values as `a, b, c`; text escaped."""
    if isinstance(value, list):
        return ", ".join(str(said(filled(v), lang)) for v in value)
    return said(filled(value), lang)


def said(text, lang: str):
    """`text` in `lang` when it is a Msg; anything else as it is (a name, a number, a path)."""
    return text.said(lang) if isinstance(text, Msg) else text


# key: the English and the Turkish of one message; {fields} filled by str.format (an English value that is
# a Msg is said in the reader's language first).
MESSAGES: dict[str, dict[str, str]] = {
    "did_you_mean": {"en": "did you mean `{close_0}`?",
                     "tr": "şunu mu demek istedin: `{close_0}`?"},
    "book_rule_without_text": {"en": "the book names rule {rule}, which `text:` gives no words",
                               "tr": "kitap {rule} kuralından söz ediyor ama `text:` altında bu kuralın metni yok"},
    "book_rule_hint": {"en": "add its words under `text:` ({rule}: {{en: ..., tr: ...}}), or leave it out of the section",
                       "tr": "kuralın metnini `text:` altına ekle ({rule}: {{en: ..., tr: ...}}) ya da kuralı bölümden çıkar"},
    "example_bad_card": {"en": "the example's card `{code}` is not a card of this deck (or not that many of it)",
                         "tr": "örnekteki `{code}` bu destede yok (ya da destede bu kadar çok yok)"},
    "example_card_hint": {"en": "write the cards by their codes, a space between: 4S 5S 6S XJ 8S",
                          "tr": "kartları kodlarıyla, aralarında boşluk bırakarak yaz: 4S 5S 6S XJ 8S"},
    "example_not_so": {"en": "the example of {rule} does not hold: {cards} is {actual}, not {claimed}",
                       "tr": "{rule} örneği tutmuyor: {cards} — {claimed} değil, {actual}"},
    "lint_unworded": {"en": "the variant changes {part}, which plays rule {rule}, but {rule}'s words are the base game's",
                      "tr": "çeşitleme şunu değiştiriyor: {part} ({rule} kuralını uygular), ama {rule} kuralının metni hâlâ ana oyundaki gibi"},
    "lint_unworded_hint": {"en": "restate {rule} under `text:` as the variant plays it, so that its book says what it plays",
                           "tr": "{rule} kuralını `text:` altında çeşitlemede oynandığı gibi yeniden yaz; kural kitabı gerçekte oynananı anlatsın"},
    "example_needs_what": {"en": "an example gives either a meld, or a position: a hand and either the cards it plays or "
                                 "every move there",
                           "tr": "örnek ya bir per ya da bir durum verir: bir el, bir de ya o elden oynanabilen kartlar ya "
                                 "da oradaki bütün hamleler"},
    "example_what_hint": {"en": "meld: \"4S 5S 6S\" (points: 15), or hand: \"4H TH 3S\" with plays: \"4H TH\" "
                                "(zones: {table: \"5H 6H 7H\"}), or hand: \"3S\" with moves: [\"3S → 8H\"]",
                          "tr": "meld: \"4S 5S 6S\" (points: 15) ya da hand: \"4H TH 3S\" ile plays: \"4H TH\" "
                                "(zones: {table: \"5H 6H 7H\"}) ya da hand: \"3S\" ile moves: [\"3S → 8H\"]"},
    "example_no_zone": {"en": "the example names a zone `{name}` the game does not have",
                        "tr": "örnek, oyunda olmayan `{name}` alanını anıyor"},
    "example_zone_hint": {"en": "the zones are: {names}", "tr": "alanlar şunlar: {names}"},
    "example_plays_not_so": {"en": "the example of {rule} does not hold: from {hand} the moves play {actual}, not {claimed}",
                             "tr": "{rule} örneği tutmuyor: {hand} elinden {claimed} değil, {actual} oynanabiliyor"},
    "example_nothing": {"en": "nothing", "tr": "hiçbiri"},
    "example_empty_meld": {"en": "a meld of the example has no cards: a + with nothing on one side",
                           "tr": "örnekteki perlerden birinde hiç kart yok: + işaretinin bir yanı boş"},
    "example_moves_not_so": {"en": "the example of {rule} does not hold: the moves there are {actual}, not {claimed}",
                             "tr": "{rule} örneği tutmuyor: oradaki hamleler {claimed} değil, {actual}"},
    "example_no_meld": {"en": "no meld", "tr": "per sayılmaz"},
    "example_points": {"en": "{points} points", "tr": "{points} puan"},
    "example_fix": {"en": "correct the example, or the rule it shows",
                    "tr": "örneği ya da dayandığı kuralı düzelt"},
    "game_has_no_variant": {"en": "this game has no variant files",
                            "tr": "bu oyunun çeşitleme dosyası yok"},
    "there_no_game": {"en": "there is no game `{name}`",
                      "tr": "`{name}` diye bir oyun yok"},
    "has_no_variant": {"en": "{stem} has no variant `{name}`",
                       "tr": "{stem} oyununun `{name}` diye bir çeşitlemesi yok"},
    "param_list_numbers_lists": {"en": "param `{name}` is a list of numbers, or of lists of numbers, "
                                       "not {shown_raw}",
                                 "tr": "`{name}` parametresi bir sayı listesi ya da sayı listelerinin"
                                       " listesi olmalı, {shown_raw} değil"},
    "param_list_form": {"en": "param `{name}` is {kind}, as its rule file declares it, not {shown_raw}",
                        "tr": "`{name}` parametresi, kural dosyasının tanımladığı gibi {kind} olmalı, {shown_raw} değil"},
    "list_form_example": {"en": "for example {example}, the value its rule file declares",
                          "tr": "örneğin kural dosyasının tanımladığı değer: {example}"},
    "param_line": {"en": "{setting}: {kind}; for example --set {example}",
                   "tr": "{setting}: {kind}; örneğin --set {example}"},
    "kind_num_range": {"en": "a number from {low} to {high}", "tr": "{low} ile {high} arasında bir sayı"},
    "kind_num_min": {"en": "a number of at least {low}", "tr": "en az {low} olan bir sayı"},
    "kind_num_max": {"en": "a number of at most {high}", "tr": "en çok {high} olan bir sayı"},
    "kind_numbers": {"en": "a list of numbers", "tr": "bir sayı listesi"},
    "kind_lists_of": {"en": "a list of lists of {n} numbers", "tr": "her biri {n} sayıdan oluşan listelerin listesi"},
    "kind_lists": {"en": "a list of lists of numbers", "tr": "sayı listelerinin listesi"},
    "kind_bool": {"en": "true or false", "tr": "true ya da false"},
    "kind_card": {"en": "a card code such as 7D, or none", "tr": "7D gibi bir kart kodu ya da none"},
    "kind_one_of": {"en": "one of {choices}", "tr": "şunlardan biri: {choices}"},
    "list_param_example": {"en": "for example [100, 200] or [[0, 10], [50, 20]]",
                           "tr": "örneğin [100, 200] ya da [[0, 10], [50, 20]]"},
    "not_rule_file_rule": {"en": "this is not a rule file: rule files end in .yaml",
                           "tr": "bu bir kural dosyası değil: kural dosyalarının adı .yaml ile biter"},
    "give_path_yaml_file": {"en": "give a path to a .yaml file or a game id",
                            "tr": "bir .yaml dosyasının yolunu ya da bir oyun kimliği (id) ver"},
    "no_such_rule_file": {"en": "no such rule file",
                          "tr": "böyle bir kural dosyası yok"},
    "extends_goes_round_cycle": {"en": "`extends` goes round in a cycle: {chain}",
                                 "tr": "`extends` bir döngüye giriyor: {chain}"},
    "variant_extends_base_game": {"en": "a variant extends its base game, never itself",
                                  "tr": "bir çeşitleme kendini değil, her zaman temel oyununu "
                                        "genişletir"},
    "more_than_files_extend": {"en": "more than {MAX_EXTENDS} files extend one another",
                               "tr": "birbirini genişleten {MAX_EXTENDS} dosyadan fazlası var"},
    "extend_base_game_directly": {"en": "extend the base game directly",
                                  "tr": "temel oyunu doğrudan genişlet"},
    "extends_names_game_file": {"en": "`extends` names a game or a file",
                                "tr": "`extends` bir oyunun ya da bir dosyanın adını verir"},
    "extends_game_id": {"en": "extends: <game id>",
                        "tr": "extends: <oyun kimliği>"},
    "variant_of_other_game": {"en": "this variant extends {base}, not {game}: it changes a game of {base}",
                              "tr": "bu çeşitleme {game} oyununu değil, {base} oyununu genişletiyor: {base} "
                                    "oyununu değiştirir"},
    "play_variant_with_its_game": {"en": "play it with its own game: {base} --variant FILE",
                                   "tr": "onu kendi oyunuyla oyna: {base} --variant DOSYA"},
    "extends_names_no_rule": {"en": "`extends: {parent}` names no rule file",
                              "tr": "`extends: {parent}` hiçbir kural dosyasını göstermiyor"},
    "name_game_games_yaml": {"en": "name a game in games/ or a .yaml path relative to this file",
                             "tr": "games/ içindeki bir oyunun adını ya da bu dosyaya göre bir .yaml "
                                   "yolu ver"},
    "add_param_declare_full": {"en": "to add a param, declare it in full: name: {{value: ..., type: "
                                     "...}}",
                               "tr": "yeni bir parametre eklemek için onu eksiksiz tanımla: name: "
                                     "{{value: ..., type: ...}}"},
    "holds_character_which_does": {"en": "{what} `{text}` holds the character {hidden}, which does "
                                         "not show as itself",
                                   "tr": "{what} `{text}` olduğu gibi görünmeyen {hidden} karakterini"
                                         " içeriyor"},
    "ids_are_letters_digits": {"en": "ids are letters, digits, - and _: retype it",
                               "tr": "kimlikler harf, rakam, - ve _ içerir: yeniden yaz"},
    "deck_values_has_tables": {"en": "`deck.values` has {n_tables} tables; a rule file may have at "
                                     "most {MAX_VALUE_TABLES}",
                               "tr": "`deck.values` içinde {n_tables} tablo var; bir kural dosyasında"
                                     " en çok {MAX_VALUE_TABLES} olabilir"},
    "card_game_needs_few": {"en": "a card game needs a few value tables: points, wild points",
                            "tr": "bir kart oyununa birkaç değer tablosu yeter: puanlar, joker "
                                  "puanları"},
    "turn_has_steps_may": {"en": "the turn has {n_turn} steps; it may have at most {MAX_STEPS}",
                           "tr": "sırada {n_turn} adım var; en çok {MAX_STEPS} olabilir"},
    "turn_needs_few_steps": {"en": "a turn needs a few steps: draw, meld, discard",
                             "tr": "bir sıraya birkaç adım yeter: kart çek, per aç, kart at"},
    "names_zone_which_zones": {"en": "{what} names the zone `{name}`, which the `zones:` section does"
                                     " not have",
                               "tr": "{what} `{name}` alanını gösteriyor, ama `zones:` bölümünde "
                                     "böyle bir alan yok"},
    "declare_under_zones": {"en": "declare it under zones:",
                            "tr": "onu zones: altında tanımla"},
    "not_name_use_letters": {"en": "is not a name the rules language can write: use the letters A-Z and a-z, "
                                   "digits and _ (not first a digit)",
                             "tr": "kural dilinin yazabileceği bir ad değil: A-Z ve a-z harflerini, rakamları ve _ "
                                   "işaretini kullan (ilk karakter rakam olmasın)"},
    "move_can_never_played": {"en": "the move `{name}` can never be played: {why}",
                              "tr": "`{name}` hamlesi hiçbir zaman oynanamaz: {why}"},
    "write_condition_can_true": {"en": "write a condition that can be true in play; to switch the "
                                       "move off, leave it out of the steps of flow.round.turn",
                                 "tr": "oyunda doğru olabilecek bir koşul yaz; hamleyi kapatmak için "
                                       "onu flow.round.turn adımlarından çıkar"},
    "param_holds_numbers_list": {"en": "param `{name}` holds {size} numbers; a list param may hold at"
                                       " most {MAX_LIST_ITEMS}",
                                 "tr": "`{name}` parametresi {size} sayı içeriyor; bir liste "
                                       "parametresi en çok {MAX_LIST_ITEMS} sayı içerebilir"},
    "card_game_s_thresholds": {"en": "a card game's thresholds and targets are a few numbers",
                               "tr": "bir kart oyununun eşikleri ve hedefleri birkaç sayıdır"},
    "not_number_game_can": {"en": "{shown_raw} is not a number a game can hold: {RANGE_TEXT}",
                            "tr": "{shown_raw} bir oyunun tutabileceği bir sayı değil: {RANGE_TEXT}"},
    "write_number_such_within": {"en": "write a number such as 3 or 1.5 within that range",
                                 "tr": "bu aralıkta 3 ya da 1.5 gibi bir sayı yaz"},
    "no_such_variant_file": {"en": "no such variant file",
                             "tr": "böyle bir çeşitleme dosyası yok"},
    "give_path_yaml_file_2": {"en": "give a path to a .yaml file or a variant name",
                              "tr": "bir .yaml dosyasının yolunu ya da bir çeşitleme adı ver"},
    "extends_reaches_outside_games": {"en": "`extends: {parent}` reaches outside the games directory "
                                            "and the folder of the file you named",
                                      "tr": "`extends: {parent}` games dizininin ve verdiğin dosyanın"
                                            " klasörünün dışına çıkıyor"},
    "extend_game_games_by": {"en": "extend a game of games/ by its id, or copy the base file next to "
                                   "yours",
                             "tr": "games/ içindeki bir oyunu kimliğiyle genişlet ya da temel dosyayı"
                                   " seninkinin yanına kopyala"},
    "extends_neither_game_id": {"en": "`extends: {parent}` is neither a game id nor a .yaml file",
                                "tr": "`extends: {parent}` ne bir oyun kimliği ne de bir .yaml "
                                      "dosyası"},
    "extends_game_id_extends": {"en": "extends: <game id>, or extends: <file>.yaml beside this file",
                                "tr": "extends: <oyun kimliği> ya da bu dosyanın yanındaki bir dosya "
                                      "için extends: <dosya>.yaml"},
    "record_names_no_game": {"en": "the record names no game in games/: `{shown_80}`",
                             "tr": "kayıt, games/ içinde olmayan bir oyunu gösteriyor: `{shown_80}`"},
    "record_has_game_id": {"en": "a record has \"game\": \"<id>\", or \"rules\" with the file's path and "
                                 "hash",
                           "tr": "bir kayıtta \"game\": \"<kimlik>\" ya da dosyanın yolu ve özetiyle "
                                 "\"rules\" bulunur"},
    "variant_changes_param_which": {"en": "the variant changes the param `{name}`, which the game "
                                          "does not have",
                                    "tr": "çeşitleme `{name}` parametresini değiştiriyor, ama oyunda "
                                          "böyle bir parametre yok"},
    "has_entries_rule_file": {"en": "`{name}` has {n_section} entries; a rule file may have at most "
                                    "{bound}",
                              "tr": "`{name}` içinde {n_section} girdi var; bir kural dosyasında en "
                                    "çok {bound} olabilir"},
    "card_game_needs_far": {"en": "a card game needs far fewer: check for generated or repeated "
                                  "entries",
                            "tr": "bir kart oyununa çok daha azı yeter: üretilmiş ya da tekrarlanan "
                                  "girdilere bak"},
    "move_has_choices_move": {"en": "the move `{mname}` has {n_choose} choices; a move may have at "
                                    "most {MAX_CHOICES}",
                              "tr": "`{mname}` hamlesinde {n_choose} seçim var; bir hamlede en çok "
                                    "{MAX_CHOICES} olabilir"},
    "split_move_into_steps": {"en": "split the move into steps, each with a few choices",
                              "tr": "hamleyi her biri birkaç seçimli adımlara böl"},
    "key_missing": {"en": "`{what}` is missing",
                    "tr": "`{what}` eksik"},
    "add_key": {"en": "add `{key}:`",
                "tr": "`{key}:` ekle"},
    "file_has_no_game": {"en": "the file has no `game:` section",
                         "tr": "dosyada `game:` bölümü yok"},
    "rule_file_starts_game": {"en": "a rule file starts with game: id: ...",
                              "tr": "bir kural dosyası game: id: ... ile başlar"},
    "game_max_moves_must": {"en": "game.max_moves must be between 1 and {MAX_MOVES}, not {max_moves}",
                            "tr": "game.max_moves 1 ile {MAX_MOVES} arasında olmalı, {max_moves} "
                                  "değil"},
    "default_leave_out_use": {"en": "the default is {DEFAULT_MAX_MOVES}; leave it out to use it",
                              "tr": "varsayılan {DEFAULT_MAX_MOVES}; onu kullanmak için bu anahtarı "
                                    "hiç yazma"},
    "hand_zone_must_per": {"en": "the hand zone `{hand_name}` must be per seat",
                           "tr": "el alanı `{hand_name}` koltuk başına (per: seat) olmalı"},
    "name_zone_per_seat": {"en": "name a zone with per: seat, or give `{hand_name}` per: seat",
                           "tr": "per: seat olan bir alan ver ya da `{hand_name}` alanına per: seat "
                                 "ekle"},
    "deck_must_start_shared": {"en": "the deck must start in a shared zone",
                               "tr": "deste ortak bir alanda başlamalı"},
    "name_zone_per_none": {"en": "name a zone with per: none, or change `{starts_in}` to per: none",
                           "tr": "per: none olan bir alan ver ya da `{starts_in}` alanını per: none "
                                 "yap"},
    "game_has_no_moves": {"en": "the game has no moves",
                          "tr": "oyunda hiç hamle yok"},
    "add_moves_section": {"en": "add a `moves:` section",
                          "tr": "bir `moves:` bölümü ekle"},
    "flow_round_missing": {"en": "`flow.round` is missing",
                           "tr": "`flow.round` eksik"},
    "flow_round": {"en": "flow: round: {{setup: ..., turn: ..., end: ...}}",
                   "tr": "flow: round: {{setup: ..., turn: ..., end: ...}}"},
    "default_players_not_among": {"en": "the default of {default} players is not among "
                                        "allowed_players {allowed}",
                                  "tr": "varsayılan {default} oyuncu, allowed_players {allowed} "
                                        "içinde yok"},
    "add_allowed_players": {"en": "add it to allowed_players",
                            "tr": "onu allowed_players listesine ekle"},
    "game_played_by_players": {"en": "this game is played by {counts} players, not {asked}",
                               "tr": "bu oyun {counts} oyuncuyla oynanır, {asked} oyuncuyla değil"},
    "players_option": {"en": "--players {counts_split_1}",
                       "tr": "--players {counts_split_1}"},
    "deck_has_no_cards": {"en": "the deck has no cards",
                          "tr": "destede hiç kart yok"},
    "copies_gives_one_standard": {"en": "copies: 1 gives one standard 52-card deck",
                                  "tr": "copies: 1 bir standart 52 kartlık deste verir"},
    "deck_has_copies_cards": {"en": "a deck has 0 to 8 copies of the 52 cards and 0 to 16 jokers",
                              "tr": "bir destede 52 kartın 0 ile 8 arası kopyası ve 0 ile 16 arası "
                                    "joker olur"},
    "copies_one_standard_deck": {"en": "copies: 1 is one standard deck; jokers: 2 adds two jokers",
                                 "tr": "copies: 1 bir standart destedir; jokers: 2 iki joker ekler"},
    "deck_symbols_needs_symbols": {"en": "deck.symbols needs 4 symbols, one per suit (S H D C)",
                                   "tr": "deck.symbols her renk için bir tane olmak üzere 4 sembol "
                                         "ister (S H D C)"},
    "example_symbols": {"en": "for example symbols: [\"♠\", \"♥\", \"♦\", \"♣\"]",
                        "tr": "örneğin symbols: [\"♠\", \"♥\", \"♦\", \"♣\"]"},
    "deck_labels_needs_labels": {"en": "deck.labels needs 13 labels, one per rank",
                                 "tr": "deck.labels her sayı için bir tane olmak üzere 13 etiket "
                                       "ister"},
    "order_j_q_k": {"en": "in the order A 2 ... 10 J Q K, for example [A, 2, ..., 10, G, S, M]",
                    "tr": "A 2 ... 10 J Q K sırasıyla, örneğin [A, 2, ..., 10, G, S, M]"},
    "whole_number_more_num": {"en": "{key}: a whole number (0 or more), or a num param",
                              "tr": "{key}: bir tam sayı (0 ya da daha büyük) ya da bir sayı "
                                    "parametresi"},
    "name_table_deck_values": {"en": "name a table of deck.values, such as points: {{A: 15, default: "
                                     "10}}",
                               "tr": "deck.values içindeki bir tablonun adını ver, örneğin points: "
                                     "{{A: 15, default: 10}}"},
    "melds_min_size_must": {"en": "`melds.min_size` must be at least 1",
                            "tr": "`melds.min_size` en az 1 olmalı"},
    "min_size_usual_smallest": {"en": "min_size: 3 is the usual smallest meld",
                                "tr": "en küçük per genellikle min_size: 3 olur"},
    "melds_allows_neither_sets": {"en": "`melds:` allows neither sets nor runs",
                                  "tr": "`melds:` ne aynı sayılı perlere ne sıralı perlere izin "
                                        "veriyor"},
    "sets_true_runs_true": {"en": "sets: true, runs: true, or one of them",
                            "tr": "sets: true, runs: true ya da bunlardan biri"},
    "game_has_no_params": {"en": "this game has no params",
                           "tr": "bu oyunun parametresi yok"},
    "param_one_not": {"en": "param `{name}` is one of {value}, not {shown_raw}",
                      "tr": "`{name}` parametresi şunlardan biri olmalı: {value}; {shown_raw} değil"},
    "choices_are_param_s": {"en": "the choices are the param's `one_of:`",
                            "tr": "seçenekler parametrenin `one_of:` listesinde"},
    "zone_group_zone_needs": {"en": "zone `{name}`: a group zone needs max_groups",
                              "tr": "`{name}` alanı: bir grup alanı max_groups ister"},
    "example_max_groups": {"en": "for example max_groups: 20",
                           "tr": "örneğin max_groups: 20"},
    "zone_max_groups_must": {"en": "zone `{name}`: max_groups must be between 1 and "
                                   "{MAX_ZONE_GROUPS}, not {n!r}",
                             "tr": "`{name}` alanı: max_groups 1 ile {MAX_ZONE_GROUPS} arasında "
                                   "olmalı, {n!r} değil"},
    "most_groups_one_owner": {"en": "the most groups one owner may lay, such as 20",
                              "tr": "bir sahibin açabileceği en çok grup sayısı, örneğin 20"},
    "word_rules_language": {"en": "is a word of the rules language",
                            "tr": "kurallar dilinin bir sözcüğü"},
    "so_cannot_used_name": {"en": "`{name}` {problem}, so it cannot be used as a name",
                            "tr": "`{name}` {problem}, bu yüzden ad olarak kullanılamaz"},
    "pick_another_name": {"en": "pick another name",
                          "tr": "başka bir ad seç"},
    "choices_up_make_bound": {"en": "the choices of `{move}` up to `{choice}` make {too_much}; the "
                                    "bound is {MAX_LOOP_WORK:,}",
                              "tr": "`{move}` hamlesinin `{choice}` seçimine kadarki seçimleri "
                                    "{too_much} tutuyor; sınır {MAX_LOOP_WORK:,}"},
    "choose_from_fewer_items": {"en": "choose from fewer items, or split the move into steps",
                                "tr": "daha az öğe arasından seçtir ya da hamleyi adımlara böl"},
    "flow_round_turn_missing": {"en": "`flow.round.turn` is missing",
                                "tr": "`flow.round.turn` eksik"},
    "turn_example": {"en": "turn: [{{step: main, moves: [play, pass]}}]",
                     "tr": "turn: [{{step: main, moves: [play, pass]}}]"},
    "can_never_end_always": {"en": "the {what} can never end: `{key}` is always false",
                             "tr": "{what} hiç bitmez: `{key}` her zaman yanlış"},
    "write_condition_becomes_true": {"en": "write a condition that becomes true in play, such as a "
                                           "hand running out",
                                     "tr": "oyunda doğru olan bir koşul yaz, örneğin bir elin bitmesi"},
    "var_keys_and_per": {"en": "var `{name}` is keyed (`keys:`) and also per {per}: a var has one or the other",
                         "tr": "`{name}` değişkeni hem anahtarlı (`keys:`) hem de {per} başına tanımlanmış: yalnızca biri olabilir"},
    "var_keys_plain": {"en": "var `{name}`: `keys:` is a list of numbers or texts, each once",
                       "tr": "`{name}` değişkeni: `keys:` yinelenmeyen sayılardan ya da metinlerden oluşan bir liste olmalı"},
    "var_keys_hint": {"en": "for example keys: [el, kupa, kiz], read as {name}[\"kupa\"] or {name}[a choice]",
                      "tr": "örneğin keys: [el, kupa, kiz]; değeri {name}[\"kupa\"] ya da {name}[bir seçim] ile okunur"},
    "var_keyed_by": {"en": "`{name}` is keyed by {keys}: its index must be one of them",
                     "tr": "`{name}` şu anahtarlarla tutulur: {keys}; [ ] içindeki anahtar bunlardan biri olmalı"},
    "var_has_keys": {"en": "`{name}` has a value per key: write {name}[key] = ...",
                     "tr": "`{name}` her anahtar için ayrı bir değer tutar: {name}[anahtar] = ... yaz"},
    "not_a_key": {"en": "`{name}` has no value for {value}: its keys are {keys}",
                  "tr": "`{name}` değişkeninde {value} için değer yok; geçerli anahtarlar: {keys}"},
    "define_twice": {"en": "`{name}` is defined twice in this file", "tr": "`{name}` bu dosyada iki kez tanımlanmış"},
    "define_twice_hint": {"en": "keep one `{name}`: with its arguments in its name, `{name}(x): ...`, or as "
                                "`{name}: {{args: [x], value: ...}}`",
                          "tr": "tek bir `{name}` bırak: ya argümanları adında (`{name}(x): ...`) ya da "
                                "`{name}: {{args: [x], value: ...}}` biçiminde"},
    "define_args_twice": {"en": "`{name}` names its arguments in its name already: `args:` here says them again",
                          "tr": "`{name}` argümanlarını zaten adında veriyor: buradaki `args:` onları bir kez daha veriyor"},
    "define_args_twice_hint": {"en": "remove `args:`, or write the name alone: `{name}:`",
                               "tr": "`args:` satırını sil ya da adı yalnız yaz: `{name}:`"},
    "comment_in_folded": {"en": "this # would hide the rest of the expression: in a folded value (>) the lines "
                                "are joined into one, and a comment runs to its end",
                          "tr": "bu #, ifadenin geri kalanını gizler: katlanmış bir değerde (>) satırlar tek satırda "
                                "birleşir ve yorum satırın sonuna kadar sürer"},
    "comment_in_folded_hint": {"en": "write the value with | to keep its lines, or put the comment above it, "
                                     "outside the expression",
                               "tr": "satırlarını korumak için değeri | ile yaz ya da yorumu ifadenin dışına, "
                                     "üstüne koy"},
    "option_var_set": {"en": "`{name}` holds one of the options {options}: it is set with =, not {op}",
                       "tr": "`{name}` şu seçeneklerden birini tutar: {options}; değeri {op} ile değil, = ile atanır"},
    "option_var_set_hint": {"en": "write {name} = {first}, or = the choice itself",
                            "tr": "{name} = {first} gibi yaz ya da = ile seçimin kendisini ver"},
    "option_var_not_option": {"en": "`{value}` is not one of the options `{name}` holds: {options}",
                              "tr": "`{value}`, `{name}` değişkeninin tutabileceği seçeneklerden değil: {options}"},
    "var_type_unknown": {"en": "`type: {type}`: a var holds num, card, suit or seat, or the options of a choice, "
                               "and no choice with its options listed is called `{type}`",
                         "tr": "`type: {type}`: bir değişken num, card, suit, seat ya da bir seçimin seçeneklerini "
                               "tutar; seçenekleri sıralanmış `{type}` adında bir seçim yok"},
    "var_type_hint": {"en": "choices with their options listed (`from: [...]`): {choices}",
                      "tr": "seçenekleri sıralanmış (`from: [...]`) seçimler: {choices}"},
    "card_var_set": {"en": "`{name}` holds a card: it is set with =, not {op}",
                     "tr": "`{name}` bir kart tutar: değeri {op} ile değil, = ile atanır"},
    "card_var_set_hint": {"en": "write {name} = card (or {name} = none)", "tr": "{name} = card (ya da {name} = none) yaz"},
    "field_words_no_field": {"en": "`field_shown_as` gives words for `{name}`, which is no field of this sheet",
                             "tr": "`field_shown_as`, bu çizelgede olmayan `{name}` alanından söz ediyor"},
    "field_words_fields": {"en": "its fields: {fields}", "tr": "çizelgenin alanları: {fields}"},
    "flow_round_end_reasons": {"en": "`flow.round.end_reasons` are said on a round's sheet, and this "
                                     "game has no `round_result`",
                               "tr": "`flow.round.end_reasons` bir elin çizelgesinde söylenir, ama bu"
                                     " oyunda `round_result` yok"},
    "add_round_result_remove": {"en": "add a round_result, or remove end_reasons",
                                "tr": "bir round_result ekle ya da end_reasons'ı kaldır"},
    "end_reasons_more_than": {"en": "{n_reasons} end reasons, more than {most}",
                              "tr": "{n_reasons} bitiş nedeni var, {most} nedenden fazla"},
    "name_fewer_ways_round": {"en": "name fewer ways a round ends",
                              "tr": "bir elin bitmesi için daha az yol say"},
    "next_names_no_step": {"en": "`next: {next_step}` names no step",
                           "tr": "`next: {next_step}` hiçbir adımı göstermiyor"},
    "next_end_again_step": {"en": "next: end, again, or a step of flow.round.turn",
                            "tr": "next: end, again ya da flow.round.turn içindeki bir adım"},
    "players_must_between_not": {"en": "players must be between 1 and 12, not {n}",
                                 "tr": "oyuncu sayısı 1 ile 12 arasında olmalı, {n} değil"},
    "players_whole_number_from": {"en": "players: a whole number from 1 to 12",
                                  "tr": "players: 1 ile 12 arasında bir tam sayı"},
    "game_teams_keyed_by": {"en": "`game.teams` is keyed by a number of players, not `{key}`",
                            "tr": "`game.teams` anahtarları oyuncu sayılarıdır, `{key}` değil"},
    "example_teams": {"en": "for example teams: {{{example}}}",
                      "tr": "örneğin teams: {{{example}}}"},
    "game_teams_gives_teams": {"en": "`game.teams` gives teams for {n} players, but the game is "
                                     "played by {counts} players",
                               "tr": "`game.teams` {n} oyuncu için takım veriyor, ama oyun {counts} "
                                     "oyuncuyla oynanır"},
    "list_count_allowed_players": {"en": "list the count in allowed_players, or remove these teams",
                                   "tr": "bu sayıyı allowed_players listesine ekle ya da bu takımları"
                                         " kaldır"},
    "teams_players_leave_out": {"en": "the teams of {n} players leave out seat{plural} {listed}",
                                "tr": "{n} oyuncunun takımları şu koltukları dışarıda bırakıyor: "
                                      "{listed}"},
    "every_seat_from_plays": {"en": "every seat from 0 to {n_1} plays in one team; a seat alone is a "
                                    "team of one: [{missing_0}]",
                              "tr": "0 ile {n_1} arasındaki her koltuk tek bir takımda oynar; tek "
                                    "başına bir koltuk, tek kişilik bir takımdır: [{missing_0}]"},
    "seat_names_players": {"en": "{n_names} seat names for {players} players",
                           "tr": "{players} oyuncu için {n_names} koltuk adı var"},
    "name_every_seat": {"en": "name every seat",
                        "tr": "her koltuğa bir ad ver"},
    "melds_must_whole_number": {"en": "`melds.{key}` must be a whole number or a param, not "
                                      "{shown_raw}",
                                "tr": "`melds.{key}` bir tam sayı ya da bir parametre olmalı, "
                                      "{shown_raw} değil"},
    "melds_true_false_not": {"en": "`melds.{key}` is true or false, not {shown_raw}",
                             "tr": "`melds.{key}` true ya da false olmalı, {shown_raw} değil"},
    "write_true_false_name": {"en": "write true or false, or name a bool param",
                              "tr": "true ya da false yaz ya da bir bool parametresinin adını ver"},
    "melds_names_no_value": {"en": "`melds.{key}` names no value table of `deck.values`",
                             "tr": "`melds.{key}`, `deck.values` içindeki hiçbir değer tablosunu "
                                   "göstermiyor"},
    "melds_why_not_reason": {"en": "`melds.why.{reason}` is not a reason",
                             "tr": "`melds.why.{reason}` bir neden değil"},
    "not_rank_card_code": {"en": "`{key}` is not a rank, a card code or `default`",
                           "tr": "`{key}` ne bir sayı (rank), ne bir kart kodu ne de `default`"},
    "keys_are_ranks_k": {"en": "keys are ranks (A, 2 ... K), codes (7D) or default",
                         "tr": "anahtarlar sayılar (A, 2 ... K), kodlar (7D) ya da default olur"},
    "not_name_value": {"en": "`{item}` is not name=value",
                       "tr": "`{item}` ad=değer biçiminde değil"},
    "example_set_start_card": {"en": "for example --set start_card=7S",
                               "tr": "örneğin --set start_card=7S"},
    "game_has_no_param": {"en": "the game has no param `{name}`",
                          "tr": "oyunda `{name}` diye bir parametre yok"},
    "param_needs_card_code": {"en": "param `{name}` needs a card code such as 7D, not {shown_raw}",
                              "tr": "`{name}` parametresi 7D gibi bir kart kodu ister, {shown_raw} "
                                    "değil"},
    "ranks_t_j_q": {"en": "ranks A 2 ... 9 T J Q K, suits S H D C; or none",
                    "tr": "sayılar A 2 ... 9 T J Q K, renkler S H D C; ya da none"},
    "param_true_false_not": {"en": "param `{name}` is true or false, not {shown_raw}",
                             "tr": "`{name}` parametresi true ya da false olmalı, {shown_raw} değil"},
    "write_true_false": {"en": "write true or false",
                         "tr": "true ya da false yaz"},
    "param_number_not": {"en": "param `{name}` is a number, not {shown_raw}",
                         "tr": "`{name}` parametresi bir sayı olmalı, {shown_raw} değil"},
    "write_number_such": {"en": "write a number, such as 3 or 1.5",
                          "tr": "3 ya da 1.5 gibi bir sayı yaz"},
    "param_must_between_not": {"en": "param `{name}` must be between {p_min} and {p_max}, not "
                                     "{shown_raw}",
                               "tr": "`{name}` parametresi {p_min} ile {p_max} arasında olmalı, "
                                     "{shown_raw} değil"},
    "bounds_are_param_s": {"en": "the bounds are the param's `min:` and `max:`",
                           "tr": "sınırlar parametrenin `min:` ve `max:` değerleri"},
    "game_has_zones_each": {"en": "with `{name}`, the game has {next_id} zones, each owner's and each"
                                  " group's counted; a game may have at most {MAX_ZONE_INSTANCES}",
                            "tr": "`{name}` ile oyunda {next_id} alan oluyor (her sahibin ve her "
                                  "grubun alanı ayrı sayılır); bir oyunda en çok {MAX_ZONE_INSTANCES}"
                                  " alan olabilir"},
    "declare_fewer_zones_smaller": {"en": "declare fewer zones, or a smaller max_groups",
                                    "tr": "daha az alan tanımla ya da max_groups'u küçült"},
    "zone_max_groups_group": {"en": "zone `{name}`: max_groups is for a group zone",
                              "tr": "`{name}` alanı: max_groups yalnızca grup alanları içindir"},
    "add_kind_groups_leave": {"en": "add kind: groups, or leave max_groups out",
                              "tr": "kind: groups ekle ya da max_groups'u kaldır"},
    "var_per_group_but": {"en": "var `{name}` is per group, but no zone is a group zone",
                          "tr": "`{name}` değişkeni grup başına, ama hiçbir alan grup alanı değil"},
    "give_zone_kind_groups": {"en": "give a zone kind: groups, or the var per: seat, team or none",
                              "tr": "bir alana kind: groups ver ya da değişkeni per: seat, team veya "
                                    "none yap"},
    "vars_hold_values_each": {"en": "with `{name}`, the vars hold {slot} values (each seat's, team's "
                                    "and group's); a game's vars may hold at most {MAX_VAR_SLOTS}",
                              "tr": "`{name}` ile değişkenler {slot} değer tutuyor (her koltuğun, "
                                    "takımın ve grubun değeri ayrı); bir oyunun değişkenleri en çok "
                                    "{MAX_VAR_SLOTS} değer tutabilir"},
    "declare_fewer_vars_per": {"en": "declare fewer vars per group, or fewer group zones",
                               "tr": "grup başına daha az değişken ya da daha az grup alanı tanımla"},
    "declared_twice": {"en": "`{name}` is declared twice ({places_name} and {where})",
                       "tr": "`{name}` iki kez tanımlanmış ({places_name} ve {where})"},
    "give_each_param_var": {"en": "give each param, var, zone, move and define its own name",
                            "tr": "her parametreye, değişkene, alana, hamleye ve tanıma kendi adını "
                                  "ver"},
    "reads_card_code_expressions": {"en": "reads as a card code in expressions",
                                    "tr": "ifadelerde bir kart kodu olarak okunuyor"},
    "choice_has_name_declared": {"en": "the choice `{cname}` has the name of a declared {kind}",
                                 "tr": "`{cname}` seçimi tanımlı bir {kind} ile aynı adı taşıyor"},
    "give_choice_name_own": {"en": "give the choice a name of its own",
                             "tr": "seçime kendine ait bir ad ver"},
    "choice_must_choose_from": {"en": "choice `{cname}` must choose from a zone or a list",
                                "tr": "`{cname}` seçimi bir alandan ya da bir listeden seçtirmeli"},
    "example_card_hand_me": {"en": "for example  card: hand(me)",
                             "tr": "örneğin  card: hand(me)"},
    "var_shown_keyed_by": {"en": "var `{name}`: `shown_as` is keyed by values (numbers), not {key!r}",
                           "tr": "`{name}` değişkeni: `shown_as` anahtarları değerlerdir (sayılar), "
                                 "{key!r} değil"},
    "example_shown": {"en": "for example shown_as: {{\"0\": {{en: no, tr: hayır}}, \"1\": {{en: yes, tr: "
                            "evet}}}}",
                      "tr": "örneğin shown_as: {{\"0\": {{en: no, tr: hayır}}, \"1\": {{en: yes, tr: "
                            "evet}}}}"},
    "when_item_needs_check": {"en": "a `when:` item needs `check:`",
                              "tr": "bir `when:` öğesi `check:` ister"},
    "when_item_example": {"en": "- {{check: <condition>, rule: <rule id>, why: {{en: ...}}}}",
                          "tr": "- {{check: <koşul>, rule: <kural kimliği>, why: {{en: ...}}}}"},
    "two_steps_turn_are": {"en": "two steps of the turn are named `{name}`",
                           "tr": "sıranın iki adımı da `{name}` adını taşıyor"},
    "give_each_step_own": {"en": "give each step its own name: `next:` finds a step by name",
                           "tr": "her adıma kendi adını ver: `next:` adımı adıyla bulur"},
    "step_offers_no_moves": {"en": "the step `{name}` offers no moves",
                             "tr": "`{name}` adımı hiç hamle sunmuyor"},
    "moves_move": {"en": "moves: [a move, ...]",
                   "tr": "moves: [bir hamle, ...]"},
    "move_offered_by_no": {"en": "the move `{name}` is offered by no step of flow.round.turn",
                           "tr": "`{name}` hamlesini flow.round.turn içindeki hiçbir adım sunmuyor"},
    "add_step_s_moves": {"en": "add it to a step's moves, or remove it",
                         "tr": "onu bir adımın hamlelerine ekle ya da kaldır"},
    "step_never_reached_not": {"en": "the step `{name}` is never reached: it is not the first step "
                                     "and no move of a reachable step has `next:` to it",
                               "tr": "`{name}` adımına hiç gelinmiyor: ilk adım değil ve ulaşılabilen"
                                     " bir adımın hiçbir hamlesinde ona giden bir `next:` yok"},
    "give_move_next_remove": {"en": "give a move `next: {name}`, or remove the step",
                              "tr": "bir hamleye `next: {name}` ver ya da adımı kaldır"},
    "bot_preference_which_not": {"en": "bot preference for `{mname}`, which is not a move",
                                 "tr": "`{mname}` için bot tercihi var, ama bu bir hamle değil"},
    "preference_condition_number": {"en": "a preference is a condition or a number",
                                    "tr": "bir tercih bir koşul ya da bir sayıdır"},
    "higher_better_true_counts": {"en": "higher is better: true counts 1, false 0",
                                  "tr": "büyük olan daha iyidir: true 1, false 0 sayılır"},
    "rule_file_which_record": {"en": "this rule file, which the record names, does not load",
                               "tr": "kaydın gösterdiği bu kural dosyası yüklenmiyor"},
    "see_why_kural_validate": {"en": "see why with: kural validate {file}",
                               "tr": "nedenini gör: kural validate {file}"},
    "team_players_has_no": {"en": "team {i} of {n} players has no seat",
                            "tr": "{n} oyunculu düzende {i}. takımda hiç koltuk yok"},
    "each_team_lists_seats": {"en": "each team lists its seats, for example {example}",
                              "tr": "her takım koltuklarını sayar, örneğin {example}"},
    "deck_names_needs_names": {"en": "deck.names.{lang}.{part} needs {want} names",
                               "tr": "deck.names.{lang}.{part} {want} ad ister"},
    "suits_order_s_h": {"en": "suits in the order S H D C; ranks in the order A 2 ... 10 J Q K",
                        "tr": "renkler S H D C sırasıyla; sayılar A 2 ... 10 J Q K sırasıyla"},
    "melds_names_param_which": {"en": "`melds.{key}` names the param `{raw}`, which is not a number",
                                "tr": "`melds.{key}` `{raw}` parametresini gösteriyor, ama o bir sayı"
                                      " değil"},
    "whole_number_num_param": {"en": "{key}: a whole number, or a num param",
                               "tr": "{key}: bir tam sayı ya da bir sayı parametresi"},
    "melds_wild_must_say": {"en": "`melds.wild` must say which cards are wild from the card `c` alone",
                            "tr": "`melds.wild` hangi kartların joker olduğunu yalnızca `c` kartına "
                                  "bakarak söylemeli"},
    "example_wild_joker_c": {"en": "for example wild: is_joker(c) or rank(c) == 2 (no zones, vars or "
                                   "players)",
                             "tr": "örneğin wild: is_joker(c) or rank(c) == 2 (alan, değişken ya da "
                                   "oyuncu yok)"},
    "param_has_no_value": {"en": "param `{name}` has no `value:`",
                           "tr": "`{name}` parametresinin `value:` değeri yok"},
    "param_full_example": {"en": "{name}: {{value: ..., type: ...}}",
                           "tr": "{name}: {{value: ..., type: ...}}"},
    "set_value_wrong": {"en": "--set {name}=...: {message}",
                        "tr": "--set {name}=...: {message}"},
    "notion_library": {"en": "is a notion of the library",
                       "tr": "kütüphanenin bir kavramı"},
    "var_value_wrong": {"en": "var `{name}`: {message}",
                        "tr": "`{name}` değişkeni: {message}"},
    "define_shown_so_needs": {"en": "define `{name}` is shown, so it needs a title",
                              "tr": "`{name}` tanımı gösteriliyor, bu yüzden bir başlık ister"},
    "add_title": {"en": "add title: {{en: ..., tr: ...}}",
                  "tr": "title: {{en: ..., tr: ...}} ekle"},
    "shown_on_not_group_var": {"en": "define `{name}`: shown_on names `{var}`, which is no per-group var",
                               "tr": "`{name}` tanımı: shown_on `{var}` adını veriyor, ama bu, grup başına tutulan bir değişken değil"},
    "shown_on_example": {"en": "name a var declared with `per: group`, e.g. shown_on: pending",
                         "tr": "`per: group` ile tanımlanmış bir değişkenin adını ver, örneğin shown_on: pending"},
    "step_offers_which_not": {"en": "the step offers `{mname}`, which is not a move",
                              "tr": "adım `{mname}` sunuyor, ama bu bir hamle değil"},
    "seat_does_not_exist": {"en": "seat {seat} does not exist with {n} players (seats are 0 to {n_1})",
                            "tr": "{n} oyuncuyla {seat}. koltuk yok (koltuklar 0 ile {n_1} arası)"},
    "team_example": {"en": "for example {example}",
                     "tr": "örneğin {example}"},
    "seat_two_teams_players": {"en": "seat {seat} is in two teams of {n} players (first at "
                                     "{line}:{col})",
                               "tr": "{n} oyunculu düzende {seat}. koltuk iki takımda (ilki "
                                     "{line}:{col} konumunda)"},
    "each_seat_plays_one": {"en": "each seat plays in one team",
                            "tr": "her koltuk tek bir takımda oynar"},
    "guard_depends_itself": {"en": "the guard of `{name}` depends on itself ({names})",
                             "tr": "`{name}` hamlesinin koşulu kendine bağlı ({names})"},
    "move_s_when_can": {"en": "a move's `when` can ask about other moves, not about itself",
                        "tr": "bir hamlenin `when` koşulu başka hamleleri sorabilir, kendini değil"},
    "check_brackets_operators": {"en": "check the brackets and operators",
                                 "tr": "parantezlere ve işleçlere bak"},
    "names_are_params_vars": {"en": "names are params, vars, zones, moves, choices or library notions",
                              "tr": "adlar parametre, değişken, alan, hamle, seçim ya da kütüphane "
                                    "kavramı olabilir"},
    "expression_ends_too_early": {"en": "the expression ends too early",
                                  "tr": "ifade erken bitiyor"},
    "move_all_from_moves": {"en": "move_all(from, to) moves a whole zone",
                            "tr": "move_all(from, to) bir alanın tamamını taşır"},
    "name_per_player_zone": {"en": "name a per-player zone's owner: hand(me)",
                             "tr": "oyuncu başına bir alanın sahibini ver: hand(me)"},
    "card_card_top_stock": {"en": "a card (card, top(stock)) or a list of cards (filter(hand(me), c "
                                  "=> ...))",
                            "tr": "bir kart (card, top(stock)) ya da bir kart listesi "
                                  "(filter(hand(me), c => ...))"},
    "expected_here_but": {"en": "expected {value} here, but this is {value2}",
                          "tr": "burada {value} bekleniyordu, ama bu {value2}"},
    "expression_has_more_than": {"en": "this expression has more than {MAX_PARTS} parts",
                                 "tr": "bu ifadede {MAX_PARTS} parçadan fazlası var"},
    "rule_file_has_more": {"en": "the rule file has more than {MAX_TOTAL_PARTS} parts in all",
                           "tr": "kural dosyasında toplam {MAX_TOTAL_PARTS} parçadan fazlası var"},
    "function_call": {"en": "`{name}` is a function: call it with ( )",
                      "tr": "`{name}` bir fonksiyon: onu ( ) ile çağır"},
    "example_card": {"en": "for example {name}(card)",
                     "tr": "örneğin {name}(card)"},
    "unknown_name": {"en": "unknown name `{name}`",
                     "tr": "bilinmeyen ad: `{name}`"},
    "rule_x_can_only": {"en": "a rule `x => ...` can only be given to a library notion such as count "
                              "or any",
                        "tr": "bir `x => ...` kuralı yalnızca count ya da any gibi bir kütüphane "
                              "kavramına verilebilir"},
    "example_count_hand_me": {"en": "for example count(hand(me), c => rank(c) == 1)",
                              "tr": "örneğin count(hand(me), c => rank(c) == 1)"},
    "value_not_effect": {"en": "this is a value, not an effect",
                         "tr": "bu bir değer, bir etki değil"},
    "effects_change_game_move": {"en": "effects change the game: move(...), deal(...), name = value, "
                                       "if ... then ...",
                                 "tr": "etkiler oyunu değiştirir: move(...), deal(...), ad = değer, "
                                       "if ... then ..."},
    "which_cannot_changed_during": {"en": "`{name}` is a {kind}, which cannot be changed during play",
                                    "tr": "`{name}` bir {kind}; oyun sırasında değiştirilemez"},
    "declare_value_changes_vars": {"en": "declare a value that changes in the `vars:` section",
                                   "tr": "değişen bir değeri `vars:` bölümünde tanımla"},
    "expression_characters_long_limit": {"en": "this expression is {n_src} characters long; the limit"
                                               " is {MAX_EXPR_CHARS}",
                                         "tr": "bu ifade {n_src} karakter uzunluğunda; sınır "
                                               "{MAX_EXPR_CHARS}"},
    "split_into_named_conditions": {"en": "split it into named conditions (the `define:` section)",
                                    "tr": "onu adlı koşullara böl (`define:` bölümü)"},
    "unexpected_character": {"en": "unexpected character {src_pos!r}",
                             "tr": "beklenmeyen karakter {src_pos!r}"},
    "expected_card_list_cards": {"en": "expected a card or a list of cards here, but this is {value}",
                                 "tr": "burada bir kart ya da bir kart listesi bekleniyordu, ama bu "
                                       "{value}"},
    "expression_nested_more_than": {"en": "this expression is nested more than {MAX_DEPTH} levels "
                                          "deep",
                                    "tr": "bu ifade {MAX_DEPTH} kattan daha derin iç içe geçmiş"},
    "unexpected": {"en": "unexpected {value!r}",
                   "tr": "beklenmeyen {value!r}"},
    "check_operators_around": {"en": "check the operators around it",
                               "tr": "çevresindeki işleçlere bak"},
    "cannot_stand_here": {"en": "`{kind}` cannot stand here",
                          "tr": "`{kind}` burada duramaz"},
    "value_condition_call_expected": {"en": "a value, a condition or a call is expected here",
                                      "tr": "burada bir değer, bir koşul ya da bir çağrı bekleniyor"},
    "outside_range_numbers": {"en": "{what} is outside the range of numbers: {RANGE_TEXT}",
                              "tr": "{what} sayıların aralığı dışında: {RANGE_TEXT}"},
    "score_count_card_value": {"en": "a score, a count or a card value is far smaller: check the "
                                     "numbers and the params",
                               "tr": "bir puan, bir sayım ya da bir kart değeri çok daha küçüktür: "
                                     "sayılara ve parametrelere bak"},
    "card_not_game_s": {"en": "the card {code} is not in this game's deck",
                        "tr": "{code} kartı bu oyunun destesinde yok"},
    "check_deck_section": {"en": "check the deck: section",
                           "tr": "deck: bölümüne bak"},
    "defined_terms_itself": {"en": "`{name}` is defined in terms of itself",
                             "tr": "`{name}` kendisiyle tanımlanmış"},
    "define_cannot_use_own": {"en": "a define cannot use its own name",
                              "tr": "bir tanım kendi adını kullanamaz"},
    "value_not_function": {"en": "`{name}` is a value, not a function",
                           "tr": "`{name}` bir değer, bir fonksiyon değil"},
    "write_without": {"en": "write `{name}` without ( )",
                      "tr": "`{name}` adını ( ) olmadan yaz"},
    "effect_cannot_used_value": {"en": "`{name}` is an effect; it cannot be used as a value",
                                 "tr": "`{name}` bir etki; değer olarak kullanılamaz"},
    "effects_go_do_setup": {"en": "effects go in `do:` and `setup:` lists",
                            "tr": "etkiler `do:` ve `setup:` listelerine yazılır"},
    "one_zone_everybody_write": {"en": "`{name}` is one zone for everybody: write it without ( )",
                                 "tr": "`{name}` herkes için tek bir alan: onu ( ) olmadan yaz"},
    "without_brackets_example": {"en": "`{name}`, not `{name}(...)`",
                                 "tr": "`{name}(...)` değil, `{name}`"},
    "takes_one_seat_me": {"en": "`{name}` takes one seat, as in {name}(me)",
                          "tr": "`{name}` bir koltuk alır, {name}(me) gibi"},
    "me_seat_next_me": {"en": "{name}(me), {name}(seat), {name}(next(me))",
                        "tr": "{name}(me), {name}(seat), {name}(next(me))"},
    "takes_one_card_card": {"en": "`{name}` takes one card, as in {name}(card)",
                            "tr": "`{name}` bir kart alır, {name}(card) gibi"},
    "value_table_gives_number": {"en": "a value table gives a number per card: {name}(card)",
                                 "tr": "bir değer tablosu her kart için bir sayı verir: {name}(card)"},
    "takes_argument_s_not": {"en": "`{name}` takes {count} argument(s), not {n_args}",
                             "tr": "`{name}` {count} argüman alır, {n_args} değil"},
    "call_example": {"en": "{name}({join_fn_args})",
                     "tr": "{name}({join_fn_args})"},
    "cards_needs_rule_gives": {"en": "`{name}` of cards needs a rule that gives each card's number",
                               "tr": "kartlar üzerinde `{name}`, her kartın sayısını veren bir kural "
                                     "ister"},
    "example_cards_c_rank": {"en": "for example {name}(cards, c => rank(c))",
                             "tr": "örneğin {name}(cards, c => rank(c))"},
    "needs_rule_here_such": {"en": "`{name}` needs a rule here, such as c => rank(c) == 1",
                             "tr": "`{name}` burada bir kural ister, örneğin c => rank(c) == 1"},
    "write_name_then_expression": {"en": "write a name, =>, then an expression about it",
                                   "tr": "bir ad, =>, sonra onunla ilgili bir ifade yaz"},
    "already_name_here_pick": {"en": "`{name}` is already a name here; pick another for the rule's "
                                     "argument",
                               "tr": "`{name}` burada zaten bir ad; kuralın argümanı için başka bir "
                                     "ad seç"},
    "example_c_x": {"en": "for example c => ..., x => ...",
                    "tr": "örneğin c => ..., x => ..."},
    "loops_around_here_go": {"en": "the loops around here go through {too_much} each time; the bound "
                                   "is {MAX_LOOP_WORK:,}",
                             "tr": "buradaki döngüler her seferinde {too_much} dolaşıyor; sınır "
                                   "{MAX_LOOP_WORK:,}"},
    "loop_over_fewer_items": {"en": "loop over fewer items (a filter first, or a shorter list), or "
                                    "nest fewer loops",
                              "tr": "daha az öğe üzerinde dön (önce bir filtre ya da daha kısa bir "
                                    "liste) ya da daha az döngüyü iç içe koy"},
    "has_value_per_group": {"en": "`{name}` has a value per group: its index is a group, not {value}",
                            "tr": "`{name}` her grup için ayrı bir değer tutar: dizini bir grup "
                                  "olmalı, {value} değil"},
    "g_g_from_groups": {"en": "{name}[g] with g from groups(...)",
                        "tr": "{name}[g], g groups(...) içinden"},
    "only_lists_per_player": {"en": "only lists and per-player vars can be indexed with [ ], not "
                                    "{value}",
                              "tr": "[ ] ile yalnızca listeler ve oyuncu başına değişkenler "
                                    "dizinlenebilir, {value} değil"},
    "top_zone_zone_s": {"en": "top(zone) is a zone's top card; count(zone) its size",
                        "tr": "top(zone) bir alanın en üstteki kartı; count(zone) kart sayısı"},
    "two_branches_give_different": {"en": "the two branches give different kinds: {value} and "
                                          "{value2}",
                                    "tr": "iki dal farklı türler veriyor: {value} ve {value2}"},
    "if_c_then_else": {"en": "`if c then a else b` needs a and b of one kind (none fits any)",
                       "tr": "`if c then a else b` için a ile b aynı türde olmalı (none her türe "
                             "uyar)"},
    "arithmetic_needs_number_here": {"en": "arithmetic needs a number here, but this is none",
                                     "tr": "aritmetik burada bir sayı ister, ama bu none"},
    "none_missing_card_value": {"en": "none (a missing card or value) can only be compared, as in x "
                                      "== none: use a number here",
                                "tr": "none (olmayan bir kart ya da değer) yalnızca "
                                      "karşılaştırılabilir, x == none gibi: burada bir sayı kullan"},
    "cannot_compare": {"en": "cannot compare {value} with {value2}",
                       "tr": "{value} ile {value2} karşılaştırılamaz"},
    "only_values_one_kind": {"en": "only values of one kind can be compared",
                             "tr": "yalnızca aynı türden değerler karşılaştırılabilir"},
    "can_only_compared": {"en": "{value} can only be compared with == or !=",
                          "tr": "{value} yalnızca == ya da != ile karşılaştırılabilir"},
    "compare_rank_card_suit": {"en": "compare rank(card) or suit(card) to order cards",
                               "tr": "kartları sıralamak için rank(card) ya da suit(card) karşılaştır"},
    "these_effects_are_nested": {"en": "these effects are nested more than {MAX_DEPTH} levels deep",
                                 "tr": "bu etkiler {MAX_DEPTH} kattan daha derin iç içe geçmiş"},
    "write_statements_one_after": {"en": "write the statements one after another, separated by ;",
                                   "tr": "komutları ; ile ayırarak art arda yaz"},
    "not_effect": {"en": "not an effect",
                   "tr": "bir etki değil"},
    "no_known_effect": {"en": "no known effect",
                        "tr": "bilinen bir etki değil"},
    "already_name_here_pick_2": {"en": "`{name}` is already a name here; pick another for the loop's "
                                       "item",
                                 "tr": "`{name}` burada zaten bir ad; döngünün öğesi için başka bir "
                                       "ad seç"},
    "example_g_groups_do": {"en": "for example for g in groups(...) do ...",
                            "tr": "örneğin for g in groups(...) do ..."},
    "goes_through_list_not": {"en": "`for` goes through a list, not {value}",
                              "tr": "`for` bir listeyi dolaşır, {value} değil"},
    "example_t_teams_do": {"en": "for example for t in teams do ..., for g in groups(laid(me)) do ...",
                           "tr": "örneğin for t in teams do ..., for g in groups(laid(me)) do ..."},
    "cannot_read_expression": {"en": "cannot read this expression",
                               "tr": "bu ifade okunamıyor"},
    "syntax_error": {"en": "syntax error: {what}",
                     "tr": "sözdizimi hatası: {what}"},
    "has_value_per_group_2": {"en": "`{name}` has a value per group: write {name}[g], g a group",
                              "tr": "`{name}` her grup için ayrı bir değer tutar: {name}[g] yaz, g "
                                    "bir grup"},
    "target_choice_target_groups": {"en": "{name}[target] with a choice `target: groups(...)`, or "
                                          "any(groups(...), g => {name}[g] > 0)",
                                    "tr": "`target: groups(...)` seçimiyle {name}[target] ya da "
                                          "any(groups(...), g => {name}[g] > 0)"},
    "has_one_zone_per": {"en": "`{name}` has one zone per team: name whose, as in {name}(team(me))",
                         "tr": "`{name}` her takım için ayrı bir alan: hangi takımınki olduğunu yaz, "
                               "{name}(team(me)) gibi"},
    "team_me_team_seat": {"en": "{name}(team(me)), {name}(team(seat)), {name}(t) for t in teams",
                          "tr": "{name}(team(me)), {name}(team(seat)), teams içindeki her t için "
                                "{name}(t)"},
    "group_zone_per_player": {"en": "`{name}` is a group zone per player: name whose, as in "
                                    "{name}(me)",
                              "tr": "`{name}` oyuncu başına bir grup alanı: kiminki olduğunu yaz, "
                                    "{name}(me) gibi"},
    "me_seat": {"en": "{name}(me), {name}(seat)",
                "tr": "{name}(me), {name}(seat)"},
    "not_function": {"en": "`{name}` is not a function",
                     "tr": "`{name}` bir fonksiyon değil"},
    "takes_one_team_team": {"en": "`{name}` takes one team, as in {name}(team(me))",
                            "tr": "`{name}` bir takım alır, {name}(team(me)) gibi"},
    "team_me_team_seat_2": {"en": "{name}(team(me)), {name}(team(seat))",
                            "tr": "{name}(team(me)), {name}(team(seat))"},
    "does_not_take_rule": {"en": "`{name}` does not take a rule `x => ...` here",
                           "tr": "`{name}` burada bir `x => ...` kuralı almaz"},
    "division_by_zero": {"en": "division by zero",
                         "tr": "sıfıra bölme"},
    "divisor_whatever_happens_check": {"en": "the divisor is 0 whatever happens: check the params",
                                       "tr": "bölen ne olursa olsun 0: parametrelere bak"},
    "none_can_only_compared": {"en": "none can only be compared with == or !=",
                               "tr": "none yalnızca == ya da != ile karşılaştırılabilir"},
    "x_none_x_none": {"en": "x == none, or x != none",
                      "tr": "x == none ya da x != none"},
    "needs_zone_list_right": {"en": "`in` needs a zone or a list on its right, not {value}",
                              "tr": "`in` sağında bir alan ya da bir liste ister, {value} değil"},
    "card_hand_me_me": {"en": "card in hand(me), me in [0, 2]",
                        "tr": "card in hand(me), me in [0, 2]"},
    "name_is_what": {"en": "`{name}` is {what}",
                     "tr": "`{name}` {what}"},
    "loop_what": {"en": "the loop `for {name} in ...`",
                  "tr": "`for {name} in ...` döngüsü"},
    "has_value_per_player": {"en": "`{name}` has a value per player: write {name}[seat] = ...",
                             "tr": "`{name}` her oyuncu için ayrı bir değer tutar: {name}[seat] = ..."
                                   " yaz"},
    "me_one_seat_at": {"en": "{name}[me] = ..., one seat at a time",
                       "tr": "{name}[me] = ..., her seferinde bir koltuk"},
    "has_value_per_team": {"en": "`{name}` has a value per team: write {name}[team(me)] = ...",
                           "tr": "`{name}` her takım için ayrı bir değer tutar: {name}[team(me)] = "
                                 "... yaz"},
    "team_me_one_team": {"en": "{name}[team(me)] = ..., one team at a time",
                         "tr": "{name}[team(me)] = ..., her seferinde bir takım"},
    "has_value_per_group_3": {"en": "`{name}` has a value per group: write {name}[g] = ..., g a group",
                              "tr": "`{name}` her grup için ayrı bir değer tutar: {name}[g] = ... "
                                    "yaz, g bir grup"},
    "target_choice_target_groups_2": {"en": "{name}[target] = ..., with a choice `target: "
                                            "groups(...)`",
                                      "tr": "`target: groups(...)` seçimiyle {name}[target] = ..."},
    "once_defines_are_written": {"en": "{what} once its defines are written out",
                                 "tr": "tanımları açık açık yazılınca {what}"},
    "define_copied_at_every": {"en": "a define is copied at every use: use defines inside defines "
                                     "fewer times",
                               "tr": "bir tanım her kullanıldığı yere kopyalanır: tanımların içinde "
                                     "tanımları daha az kullan"},
    "team_does_not_exist": {"en": "team {const!r} does not exist (teams are 0 to {n_1})",
                            "tr": "{const!r} takımı yok (takımlar 0 ile {n_1} arası)"},
    "team_me_team_seat_3": {"en": "{name}(team(me)): the team of a seat",
                            "tr": "{name}(team(me)): bir koltuğun takımı"},
    "rule_what": {"en": "the rule `{name} => ...`",
                  "tr": "`{name} => ...` kuralı"},
    "file_holds_character_u": {"en": "the file holds the character U+{ord_char:04X} ({what}), which "
                                     "does not show as itself",
                               "tr": "dosya olduğu gibi görünmeyen U+{ord_char:04X} karakterini "
                                     "({what}) içeriyor"},
    "remove_rule_file_holds": {"en": "remove it: a rule file holds no control or bidi characters",
                               "tr": "onu sil: bir kural dosyasında denetim (control) ya da yön "
                                     "(bidi) karakteri olmaz"},
    "file_over_bytes_rule": {"en": "the file is over {MAX_FILE_BYTES} bytes; rule files are limited "
                                   "to {MAX_FILE_BYTES}",
                             "tr": "dosya {MAX_FILE_BYTES} bayttan büyük; kural dosyaları en çok "
                                   "{MAX_FILE_BYTES} bayt olabilir"},
    "split_extends_remove_generated": {"en": "split it with `extends:`, or remove generated text",
                                       "tr": "onu `extends:` ile böl ya da üretilmiş metni çıkar"},
    "file_empty": {"en": "the file is empty",
                   "tr": "dosya boş"},
    "rule_file_starts_game_2": {"en": "a rule file starts with `game:`",
                                "tr": "bir kural dosyası `game:` ile başlar"},
    "rule_file_must_mapping": {"en": "a rule file must be a mapping of sections (game:, deck:, ...)",
                               "tr": "bir kural dosyası bölümlerden oluşan bir eşleme olmalı (game:, "
                                     "deck:, ...)"},
    "start_file_game_extends": {"en": "start the file with `game:`, or `extends:` for a variant",
                                "tr": "dosyayı `game:` ile, bir çeşitleme için `extends:` ile başlat"},
    "yaml_indents_spaces_never": {"en": "YAML indents with spaces, never tabs",
                                  "tr": "YAML girintide boşluk kullanır, asla sekme değil"},
    "check_indentation_quotes_around": {"en": "check the indentation and the quotes around this place",
                                        "tr": "bu yerin çevresindeki girintiye ve tırnaklara bak"},
    "yaml_reads": {"en": "YAML reads `{value}` as {kind}",
                   "tr": "YAML `{value}` değerini {kind} olarak okuyor"},
    "quote_it": {"en": "quote it: \"{value}\"",
                 "tr": "tırnak içine al: \"{value}\""},
    "cannot_read_file": {"en": "cannot read the file: {strerror}",
                         "tr": "dosya okunamıyor: {strerror}"},
    "check_path": {"en": "check the path",
                   "tr": "yola bak"},
    "file_not_utf_text": {"en": "the file is not UTF-8 text (byte 0x{raw_exc_start:02x})",
                          "tr": "dosya UTF-8 metin değil (0x{raw_exc_start:02x} baytı)"},
    "save_utf": {"en": "save it as UTF-8",
                 "tr": "onu UTF-8 olarak kaydet"},
    "yaml_tag_not_allowed": {"en": "the YAML tag {tag_exc_tag} is not allowed in a rule file",
                             "tr": "{tag_exc_tag} YAML etiketine kural dosyasında izin verilmez"},
    "rule_files_are_plain": {"en": "rule files are plain data: remove the tag",
                             "tr": "kural dosyaları düz veridir: etiketi kaldır"},
    "file_has_more_than": {"en": "the file has more than {MAX_NODES} values",
                           "tr": "dosyada {MAX_NODES} değerden fazlası var"},
    "rule_files_are_small": {"en": "rule files are small: check for generated or repeated text",
                             "tr": "kural dosyaları küçüktür: üretilmiş ya da tekrarlanan metne bak"},
    "mappings_lists_are_nested": {"en": "mappings and lists are nested more than {MAX_DEPTH} levels "
                                        "deep here",
                                  "tr": "eşlemeler ve listeler burada {MAX_DEPTH} kattan daha derin "
                                        "iç içe geçmiş"},
    "rule_file_needs_few": {"en": "a rule file needs a few levels: check the brackets",
                            "tr": "bir kural dosyasına birkaç kat yeter: parantezlere bak"},
    "not_valid_yaml": {"en": "this is not valid YAML: {value}",
                       "tr": "bu geçerli bir YAML değil: {value}"},
    "not_valid_yaml_character": {"en": "this is not valid YAML: the character U+{character:04X} is "
                                       "not allowed",
                                 "tr": "bu geçerli bir YAML değil: U+{character:04X} karakterine izin"
                                       " verilmez"},
    "remove_it": {"en": "remove it",
                  "tr": "onu sil"},
    "not_valid_yaml_2": {"en": "this is not valid YAML: {exc}",
                         "tr": "bu geçerli bir YAML değil: {exc}"},
    "check_indentation_quotes": {"en": "check the indentation and the quotes",
                                 "tr": "girintiye ve tırnaklara bak"},
    "yaml_tag_not_allowed_2": {"en": "the YAML tag {tag_node_tag} is not allowed in a rule file",
                               "tr": "{tag_node_tag} YAML etiketine kural dosyasında izin verilmez"},
    "not_number_game_can_2": {"en": "`{shown}` is not a number a game can hold: {RANGE_TEXT}",
                              "tr": "`{shown}` bir oyunun tutabileceği bir sayı değil: {RANGE_TEXT}"},
    "yaml_alias_name_used": {"en": "a YAML alias (*name) is used inside its own anchor (&name), a "
                                   "loop",
                             "tr": "bir YAML takma adı (*ad) kendi çapasının (&ad) içinde "
                                   "kullanılmış: bir döngü"},
    "rule_files_are_plain_2": {"en": "rule files are plain data: write the values out",
                               "tr": "kural dosyaları düz veridir: değerleri açık açık yaz"},
    "expands_more_than_values": {"en": "this expands to more than {MAX_NODES} values (an alias bomb?)",
                                 "tr": "bu {MAX_NODES} değerden fazlasına açılıyor (bir takma ad "
                                       "bombası mı?)"},
    "use_fewer_yaml_aliases": {"en": "use fewer YAML aliases (*name); rule files are small",
                               "tr": "daha az YAML takma adı (*ad) kullan; kural dosyaları küçüktür"},
    "expands_more_than_characters": {"en": "this expands to more than {MAX_CHARS} characters of text",
                                     "tr": "bu {MAX_CHARS} karakterden uzun bir metne açılıyor"},
    "use_fewer_yaml_aliases_2": {"en": "use fewer YAML aliases (*name) of long texts",
                                 "tr": "uzun metinlerin YAML takma adlarını (*ad) daha az kullan"},
    "aliases_expanded_nested_more": {"en": "with its aliases expanded, this is nested more than "
                                           "{MAX_DEPTH} levels deep",
                                     "tr": "takma adları açılınca bu {MAX_DEPTH} kattan daha derin iç"
                                           " içe geçiyor"},
    "use_fewer_yaml_aliases_3": {"en": "use fewer YAML aliases (*name) inside one another",
                                 "tr": "YAML takma adlarını (*ad) birbirinin içinde daha az kullan"},
    "yaml_merge_keys_are": {"en": "YAML merge keys (<<) are not supported",
                            "tr": "YAML birleştirme anahtarları (<<) desteklenmiyor"},
    "write_keys_out": {"en": "write the keys out",
                       "tr": "anahtarları açık açık yaz"},
    "key_read_by_yaml": {"en": "the key `{value}` is read by YAML as {name__} {key!r}",
                         "tr": "`{value}` anahtarını YAML {name__} {key!r} olarak okuyor"},
    "quote_key": {"en": "quote it: \"{value}\":",
                  "tr": "tırnak içine al: \"{value}\":"},
    "key_holds_character_does": {"en": "the key `{key}` holds a character that does not show as "
                                       "itself ({hidden})",
                                 "tr": "`{key}` anahtarı olduğu gibi görünmeyen bir karakter içeriyor"
                                       " ({hidden})"},
    "names_are_letters_digits": {"en": "names are letters, digits and _: retype it",
                                 "tr": "adlar harf, rakam ve _ içerir: yeniden yaz"},
    "written_twice_mapping_first": {"en": "`{key}` is written twice in this mapping (first at line "
                                          "{line})",
                                    "tr": "`{key}` bu eşlemede iki kez yazılmış (ilki {line}. "
                                          "satırda)"},
    "keep_one_them_yaml": {"en": "keep one of them: YAML would silently drop the first",
                           "tr": "birini bırak: YAML ilkini sessizce atar"},
    "yaml_reads_boolean": {"en": "YAML reads `{value}` as a boolean",
                           "tr": "YAML `{value}` değerini mantıksal değer (boolean) olarak okuyor"},
    "write_true_false_quote": {"en": "write true or false, or quote it (\"{value}\") if you meant the "
                                     "word",
                               "tr": "true ya da false yaz; sözcüğü kastettiysen tırnak içine al "
                                     "(\"{value}\")"},
    "must_be_leaf": {"en": "`{path}` must be {LEAVES_shape}",
                     "tr": "`{path}` {LEAVES_shape} olmalı"},
    "found_kind": {"en": "found {kind_value}",
                   "tr": "bulunan: {kind_value}"},
    "must_mapping_key_value": {"en": "`{path_or_the_file}` must be a mapping (key: value lines)",
                               "tr": "`{path_or_the_file}` bir eşleme olmalı (anahtar: değer "
                                     "satırları)"},
    "must_list": {"en": "`{path}` must be a list",
                  "tr": "`{path}` bir liste olmalı"},
    "found_write_b_lines": {"en": "found {kind_value}; write [a, b] or - lines",
                            "tr": "bulunan: {kind_value}; [a, b] ya da - satırları yaz"},
    "must_expression_rules_language": {"en": "`{path}` must be an expression of the rules language",
                                       "tr": "`{path}` kurallar dilinde bir ifade olmalı"},
    "unknown_key": {"en": "unknown key `{key}` {where}",
                    "tr": "{where} bilinmeyen anahtar: `{key}`"},
    "step_value_needs_steps": {"en": "step_value needs steps [from, value], not {known!r}",
                               "tr": "step_value [başlangıç, değer] basamakları ister, {known!r} "
                                     "değil"},
    "example_list_param": {"en": "for example a list param [[0, 10], [50, 20]]",
                           "tr": "örneğin bir liste parametresi [[0, 10], [50, 20]]"},
    "needs_melds_section": {"en": "`{name}` needs a `melds:` section",
                            "tr": "`{name}` bir `melds:` bölümü ister"},
    "needs_melds_not_cards": {"en": "`{name}` needs a list of melds (each a list of cards, or a group), not one list of cards",
                              "tr": "`{name}` bir per listesi ister (her biri bir kart listesi ya da bir grup), tek bir kart listesi değil"},
    "example_melds_list": {"en": "for example best_melds(hand(p)) or groups(laid(p))",
                           "tr": "örneğin best_melds(hand(p)) ya da groups(laid(p))"},
    "add_melds_rule_file": {"en": "add `melds:` to the rule file: the smallest meld, sets and runs, "
                                  "which cards are wild (see docs/language.md §2.4)",
                            "tr": "kural dosyasına `melds:` ekle: en küçük per, aynı sayılı ve sıralı"
                                  " perler, hangi kartların joker olduğu (bkz. docs/language.md §2.4)"},
    "value_none_empty_zone": {"en": "a value is none (an empty zone's top card?)",
                              "tr": "bir değer none (boş bir alanın en üstteki kartı mı?)"},
    "calls_itself_without_end": {"en": "it calls itself without end",
                                 "tr": "kendini durmadan çağırıyor"},
    "would_out_range": {"en": "{what} would be {describe_value}: out of range ({RANGE_TEXT})",
                        "tr": "{what} {describe_value} olurdu: aralığın dışında ({RANGE_TEXT})"},
    "number_grows_every_move": {"en": "a number that grows on every move (x = x * x) or overflows: "
                                      "bound it, for example if x < 1000 then x * 2 else x",
                                "tr": "her hamlede büyüyen (x = x * x) ya da taşan bir sayı: onu "
                                      "sınırla, örneğin if x < 1000 then x * 2 else x"},
    "number_too_large": {"en": "a number too large ({RANGE_TEXT})",
                         "tr": "çok büyük bir sayı ({RANGE_TEXT})"},
    "needs_more_than_steps": {"en": "{what} needs more than {WORK_LIMIT:,} steps of work for one move",
                              "tr": "{what} bir hamle için {WORK_LIMIT:,} adımdan fazla iş istiyor"},
    "nested_loops_rules_x": {"en": "nested loops, rules `x => ...` and choices multiply: loop over "
                                   "fewer items, or over a filtered list",
                             "tr": "iç içe döngüler, `x => ...` kuralları ve seçimler çarpılır: daha "
                                   "az öğe üzerinde ya da süzülmüş bir liste üzerinde dön"},
    "offers_more_than_legal": {"en": "`{name}` offers more than {MAX_LEGAL:,} legal moves in one "
                                     "position",
                               "tr": "`{name}` bir konumda {MAX_LEGAL:,} geçerli hamleden fazlasını "
                                     "sunuyor"},
    "choice_from_long_list": {"en": "a choice from a long list or several choices multiply: narrow a "
                                    "choice's list, or check more in the guard",
                              "tr": "uzun bir listeden bir seçim ya da birkaç seçim çarpılır: bir "
                                    "seçimin listesini daralt ya da koşulda daha fazlasını denetle"},
    "start_what": {"en": "the start of `{name}`",
                   "tr": "`{name}` değişkeninin başlangıcı"},
    "seat_has_no_legal": {"en": "seat {me} has no legal move at move {len_s_history_1} (step `{name}`"
                                " offers {names}), and the game is not over",
                          "tr": "{me}. koltuğun {len_s_history_1}. hamlede geçerli bir hamlesi yok "
                                "(`{name}` adımı {names} sunuyor) ve oyun bitmedi"},
    "every_position_must_offer": {"en": "every position must offer a move (a pass when nothing else "
                                        "is possible) or end the round: check the guards of these "
                                        "moves and flow.round.end",
                                  "tr": "her konum bir hamle sunmalı (başka bir şey yapılamıyorsa "
                                        "pas) ya da eli bitirmeli: bu hamlelerin koşullarına ve "
                                        "flow.round.end'e bak"},
    "setting_up_game": {"en": "setting up the game",
                        "tr": "oyunun kurulması"},
    "effects_what": {"en": "the effects of `{name}`",
                     "tr": "`{name}` hamlesinin etkileri"},
    "flow_after": {"en": "the flow after `{name}`",
                   "tr": "`{name}` sonrasındaki akış"},
    "result_what": {"en": "the result",
                    "tr": "sonuç"},
    "failed_while_playing": {"en": "{what} failed while playing: {detail}",
                             "tr": "{what} oynanırken hata verdi: {detail}"},
    "guard_expression": {"en": "guard the expression (for example `not empty(zone) and ...`)",
                         "tr": "ifadeyi bir koşulla koru (örneğin `not empty(zone) and ...`)"},
    "range_text": {"en": "numbers are finite and between -{limit} and {limit}",
                   "tr": "sayılar sonlu olmalı ve -{limit} ile {limit} arasında kalmalı"},
    "digits_about": {"en": "a number of about {n:,} digits",
                     "tr": "yaklaşık {n:,} basamaklı bir sayı"},
    "games_list": {"en": "games: {names}",
                   "tr": "oyunlar: {names}"},
    "variants_list": {"en": "variants: {names}",
                      "tr": "çeşitlemeler: {names}"},
    "the_hand_zone": {"en": "the hand zone",
                      "tr": "el alanı (hand_zone)"},
    "choice_empty_list": {"en": "its choice `{cname}` has an empty list to choose from",
                          "tr": "`{cname}` seçiminin seçtirdiği liste boş"},
    "check_always_false": {"en": "this check is always false",
                           "tr": "bu koşul her zaman yanlış"},
    "the_step_name": {"en": "the step's name",
                      "tr": "adımın adı"},
    "end_reason": {"en": "end reason",
                   "tr": "bitiş nedeni"},
    "built_in": {"en": "built in",
                 "tr": "yerleşik"},
    "too_large_to_hold": {"en": "a number too large to hold",
                          "tr": "tutulamayacak kadar büyük bir sayı"},
    "gives_which": {"en": "`{text}` gives {shown}, which",
                    "tr": "`{text}` ifadesi {shown} veriyor; bu sonuç"},
    "the_number": {"en": "the number {text}",
                   "tr": "{text} sayısı"},
    "unknown_param_type": {"en": "unknown param type `{value}`",
                           "tr": "bilinmeyen parametre türü `{value}`"},
    "param_types": {"en": "types: {allowed}",
                    "tr": "türler: {allowed}"},
    "define_no_value": {"en": "`{path}` has no `value:`",
                        "tr": "`{path}` içinde `value:` yok"},
    "define_example": {"en": "name: {{value: <expression>, title: {{en: ..., tr: ...}}}}",
                       "tr": "ad: {{value: <ifade>, title: {{en: ..., tr: ...}}}}"},
    "var_key_not_known": {"en": "var `{name}`: `{key}: {value}` is not known",
                          "tr": "`{name}` değişkeni: `{key}: {value}` bilinmiyor"},
    "var_per_scope": {"en": "per: seat, team, group or none; scope: game or round",
                      "tr": "per: seat, team, group ya da none; scope: game ya da round"},
    "value_not_known": {"en": "`{path}: {value}` is not known",
                        "tr": "`{path}: {value}` bilinmiyor"},
    "result_per": {"en": "per: seat (each player's result) or per: team (each team's)",
                   "tr": "per: seat (her oyuncunun sonucu) ya da per: team (her takımın)"},
    "ace_low_high": {"en": "ace: low (A-2-3), high (Q-K-A) or both",
                     "tr": "ace: low (A-2-3), high (Q-K-A) ya da both"},
    "zone_per": {"en": "`per: {value}`: a zone is per seat, per team or shared",
                 "tr": "`per: {value}`: bir alan ya koltuk başına, ya takım başına ya da ortaktır"},
    "zone_per_hint": {"en": "per: seat, per: team, or per: none",
                      "tr": "per: seat, per: team ya da per: none"},
    "zone_unknown_kind": {"en": "zone `{name}`: unknown kind `{value}`",
                          "tr": "`{name}` alanı: bilinmeyen tür `{value}`"},
    "zone_kind_hint": {"en": "kind: cards (one list of cards, the default) or kind: groups (several "
                             "groups)",
                       "tr": "kind: cards (tek bir kart listesi, varsayılan) ya da kind: groups "
                             "(birkaç grup)"},
    "unknown_visibility": {"en": "unknown visibility `{value}`",
                           "tr": "bilinmeyen görünürlük `{value}`"},
    "visible_hint": {"en": "visible: {allowed}",
                     "tr": "visible: {allowed}"},
    "unknown_layout": {"en": "unknown layout `{value}`",
                       "tr": "bilinmeyen yerleşim `{value}`"},
    "layout_hint": {"en": "layout: {allowed}",
                    "tr": "layout: {allowed}"},
    "key_allowed": {"en": "{key}: {allowed}",
                    "tr": "{key}: {allowed}"},
    "known_keys": {"en": "known keys: {keys}",
                   "tr": "bilinen anahtarlar: {keys}"},
    "in_path": {"en": "in `{path}`",
                "tr": "`{path}` içinde"},
    "at_top_of_file": {"en": "at the top of the file",
                       "tr": "dosyanın en üstünde"},
    "leaf_str": {"en": "a text",
                 "tr": "bir metin"},
    "leaf_int": {"en": "a whole number",
                 "tr": "bir tam sayı"},
    "leaf_num": {"en": "a number",
                 "tr": "bir sayı"},
    "leaf_bool": {"en": "true or false",
                  "tr": "true ya da false"},
    "leaf_any": {"en": "anything",
                 "tr": "herhangi bir şey"},
    "leaf_expr": {"en": "an expression",
                  "tr": "bir ifade"},
    "leaf_domain": {"en": "an expression, or a list of numbers, texts or cards",
                    "tr": "bir ifade ya da sayı, metin veya kart listesi"},
    "leaf_option": {"en": "a number, a text or a card", "tr": "bir sayı, metin ya da kart"},
    "deck_rank_unknown": {"en": "`{code}` is no rank, or is given twice", "tr": "`{code}` geçerli bir kart değeri değil ya da iki kez yazılmış"},
    "deck_ranks_hint": {"en": "list rank codes once each: A, 2 ... 9, T (or 10), J, Q, K", "tr": "değer kodlarını birer kez yaz: A, 2 ... 9, T (ya da 10), J, Q, K"},
    "define_is_effects": {"en": "`{name}` is effects (`do:`), not a value", "tr": "`{name}` etkilerdir (`do:`), bir değer değil"},
    "define_effects_hint": {"en": "call it as a statement where effects go: {name}(...)",
                            "tr": "onu etkilerin yazıldığı yerde bir deyim olarak çağır: {name}(...)"},
    "define_needs_args": {"en": "`{name}` takes arguments ({args}): call it with one expression for each",
                          "tr": "`{name}` argüman alır ({args}): her argüman için bir ifade vererek çağır"},
    "define_call_hint": {"en": "{name}({args}), each argument an expression: {name}(card)",
                         "tr": "{name}({args}); her argüman bir ifade: {name}(card)"},
    "choice_needs_from": {"en": "the choice `{cname}` names its options' words but not its options",
                          "tr": "`{cname}` seçimi seçeneklerinin adlarını veriyor ama seçeneklerin kendisini vermiyor"},
    "choice_from_hint": {"en": "write them under `from:` (from: [0, 1, 2, 3])",
                         "tr": "seçenekleri `from:` altına yaz (from: [0, 1, 2, 3])"},
    "choice_name_no_option": {"en": "`{key}` is no option of the choice `{cname}`: its name would never be shown",
                              "tr": "`{key}`, `{cname}` seçiminin seçeneklerinden biri değil: adı hiç gösterilmez"},
    "choice_options_are": {"en": "its options are: {options}", "tr": "seçenekleri şunlar: {options}"},
    "option_both_quotes": {"en": "an option holds both quote marks, \" and '", "tr": "bir seçenekte iki tırnak türü de var: \" ve '"},
    "option_quotes_hint": {"en": "use one kind of quote mark in a text option", "tr": "metin seçeneğinde tek tür tırnak kullan"},
    "leaf_effects": {"en": "effects",
                     "tr": "etkiler"},
    "leaf_count": {"en": "a whole number or a num param's name",
                   "tr": "bir tam sayı ya da bir sayı parametresinin adı"},
    "leaf_flag": {"en": "true or false, or a bool param's name",
                  "tr": "true ya da false ya da bir bool parametresinin adı"},
    "found_nothing": {"en": "nothing",
                      "tr": "hiçbir şey"},
    "found_boolean": {"en": "the boolean {value}",
                      "tr": "{value} mantıksal değeri"},
    "found_mapping": {"en": "a mapping",
                      "tr": "bir eşleme"},
    "found_list": {"en": "a list",
                   "tr": "bir liste"},
    "found_number": {"en": "the number {value}",
                     "tr": "{value} sayısı"},
    "found_text": {"en": "the text {value}",
                   "tr": "{value} metni"},
    "type_num": {"en": "a number",
                 "tr": "bir sayı"},
    "type_bool": {"en": "true/false",
                  "tr": "true/false"},
    "type_card": {"en": "a card",
                  "tr": "bir kart"},
    "type_cards": {"en": "cards",
                   "tr": "kartlar"},
    "type_zone": {"en": "a zone",
                  "tr": "bir alan"},
    "type_family": {"en": "a per-player zone",
                    "tr": "oyuncu başına bir alan"},
    "type_area": {"en": "a group zone",
                  "tr": "bir grup alanı"},
    "type_list": {"en": "a list",
                  "tr": "bir liste"},
    "type_str": {"en": "a text",
                 "tr": "bir metin"},
    "type_move": {"en": "a move",
                  "tr": "bir hamle"},
    "type_fn": {"en": "a rule `x => ...`",
                "tr": "bir `x => ...` kuralı"},
    "type_any": {"en": "a value",
                 "tr": "bir değer"},
    "type_none": {"en": "none",
                  "tr": "none"},
    "type_effect": {"en": "an effect",
                    "tr": "bir etki"},
    "name_kind_param": {"en": "param",
                        "tr": "parametre"},
    "name_kind_var": {"en": "var",
                      "tr": "değişken"},
    "name_kind_zone": {"en": "zone",
                       "tr": "alan"},
    "name_kind_move": {"en": "move",
                       "tr": "hamle"},
    "name_kind_builtin": {"en": "builtin",
                          "tr": "yerleşik ad"},
    "name_kind_table": {"en": "table",
                        "tr": "değer tablosu"},
    "name_kind_define": {"en": "define",
                         "tr": "tanım"},
    "expected_tokens": {"en": "expected {words}",
                        "tr": "beklenen: {words}"},
    "effects_list": {"en": "effects: {names}",
                     "tr": "etkiler: {names}"},
    "token_name": {"en": "a name",
                   "tr": "bir ad"},
    "token_number": {"en": "a number",
                     "tr": "bir sayı"},
    "token_card": {"en": "a card code",
                   "tr": "bir kart kodu"},
    "token_string": {"en": "a text",
                     "tr": "bir metin"},
    "token_comparison": {"en": "a comparison",
                         "tr": "bir karşılaştırma"},
    "token_add": {"en": "'+' or '-'",
                  "tr": "'+' ya da '-'"},
    "token_mul": {"en": "'*' or '/'",
                  "tr": "'*' ya da '/'"},
    "token_assign": {"en": "'=' or '+='",
                     "tr": "'=' ya da '+='"},
    "token_end": {"en": "the end",
                  "tr": "son"},
    "lint_in_en": {"en": "English",
                   "tr": "İngilizce"},
    "lint_in_tr": {"en": "Turkish",
                   "tr": "Türkçe"},
    "lint_in_en_tr": {"en": "English and Turkish",
                      "tr": "İngilizce ve Türkçe"},
    "lint_no_words": {"en": "{what} has no `{key}` in {langs}",
                      "tr": "{what} için {langs} `{key}` yok"},
    "lint_add_words": {"en": "add {key}: {{en: ..., tr: ...}}: the rules (and the table) say it in "
                             "both languages",
                       "tr": "{key}: {{en: ..., tr: ...}} ekle: kurallar (ve masa) onu iki dilde de "
                             "söyler"},
    "lint_zone": {"en": "zone `{name}`",
                  "tr": "`{name}` alanı"},
    "lint_var": {"en": "var `{name}`",
                 "tr": "`{name}` değişkeni"},
    "lint_var_value": {"en": "var `{name}`'s value {value}",
                       "tr": "`{name}` değişkeninin {value} değeri"},
    "lint_var_says": {"en": "var `{name}`'s sentence for {value}",
                      "tr": "`{name}` değişkeninin {value} için cümlesi"},
    "lint_move": {"en": "move `{name}`",
                  "tr": "`{name}` hamlesi"},
    "lint_check": {"en": "check {n} of `{name}`",
                   "tr": "`{name}` hamlesinin {n}. koşulu"},
    "lint_param": {"en": "param `{name}`",
                   "tr": "`{name}` parametresi"},
    "lint_param_value": {"en": "param `{name}`'s value {value}",
                         "tr": "`{name}` parametresinin {value} değeri"},
    "lint_define": {"en": "define `{name}`",
                    "tr": "`{name}` tanımı"},
    "lint_table": {"en": "value table `{name}`",
                   "tr": "`{name}` değer tablosu"},
    "lint_field": {"en": "{head} field `{name}`",
                   "tr": "{head} içindeki `{name}` sütunu"},
    "lint_tactic": {"en": "bot tactic {n}",
                    "tr": "{n}. bot taktiği"},
    "lint_text": {"en": "rule text {rule}",
                  "tr": "{rule} kuralının metni"},
    "lint_term": {"en": "glossary term `{name}`",
                  "tr": "sözlükteki `{name}` terimi"},
    "hint_card_num": {"en": "use rank(card) or suit(card) to compare a card with a number",
                      "tr": "bir kartı bir sayıyla karşılaştırmak için rank(card) ya da suit(card) "
                            "kullan"},
    "hint_zone_card": {"en": "use top(zone) for its top card, or a choice `card: zone`",
                       "tr": "en üstteki kartı için top(zone) ya da bir `card: zone` seçimi kullan"},
    "hint_family": {"en": "name whose zone: hand(me), hand(seat)",
                    "tr": "alanın kimin olduğunu yaz: hand(me), hand(seat)"},
    "hint_want_family": {"en": "a per-player zone (per: seat) named alone goes here, as in "
                               "deal(stock, hand, 5)",
                         "tr": "buraya oyuncu başına bir alan (per: seat) tek başına yazılır, "
                               "deal(stock, hand, 5) gibi"},
    "hint_num_bool": {"en": "compare it to make a condition: x > 0, x == 1",
                      "tr": "koşul yapmak için onu karşılaştır: x > 0, x == 1"},
    "hint_bool_num": {"en": "a condition is not a number: if c then 1 else 0",
                      "tr": "bir koşul sayı değildir: if c then 1 else 0"},
    "hint_str_num": {"en": "arithmetic is on numbers only",
                     "tr": "aritmetik yalnızca sayılarla yapılır"},
    "hint_list_cards": {"en": "to total other lists use sum(list, x => ...)",
                        "tr": "başka listeleri toplamak için sum(list, x => ...) kullan"},
    "hint_area_zone": {"en": "a group zone holds groups: lay(cards, zone) starts one; groups(zone) "
                             "lists them",
                       "tr": "bir grup alanı grupları tutar: lay(cards, zone) yeni bir grup açar; "
                             "groups(zone) onları listeler"},
    "hint_want_area": {"en": "name a zone with kind: groups here",
                       "tr": "buraya kind: groups olan bir alan yaz"},
    "hint_want_zone": {"en": "name a zone here: table, hand(me)",
                       "tr": "buraya bir alan yaz: table, hand(me)"},
    "hint_expected_type": {"en": "{type} is expected here (the types: docs/language.md §3.8)",
                           "tr": "burada {type} bekleniyor (türler: docs/language.md §3.8)"},
    "up_to_work": {"en": "up to {work:,} {counted} ({sizes})",
                   "tr": "{work:,} {counted} ({sizes})"},
    "counted_items": {"en": "items",
                      "tr": "öğe"},
    "counted_options": {"en": "options",
                        "tr": "seçenek"},
    "control_character": {"en": "a control character",
                          "tr": "bir denetim karakteri"},
    "yaml_mapping_values": {"en": "mapping values are not allowed here",
                            "tr": "burada eşleme değeri (anahtar: değer) yazılamaz"},
    "yaml_no_colon": {"en": "could not find expected ':'",
                      "tr": "beklenen ':' bulunamadı"},
    "yaml_no_key": {"en": "did not find expected key",
                    "tr": "beklenen anahtar bulunamadı"},
    "yaml_end_of_stream": {"en": "found unexpected end of stream",
                           "tr": "dosya beklenmedik yerde bitiyor"},
    "yaml_no_dash": {"en": "did not find expected '-' indicator",
                     "tr": "beklenen '-' işareti bulunamadı"},
    "yaml_tab": {"en": "found character '\\t' that cannot start any token",
                 "tr": "hiçbir öğeyi başlatamayan '\\t' karakteri bulundu"},
    "choices_of": {"en": "the choices of `{name}`",
                   "tr": "`{name}` hamlesinin seçimleri"},
    "choices_or_guard": {"en": "the choices or the guard of `{name}`",
                         "tr": "`{name}` hamlesinin seçimleri ya da koşulu"},
    "finds_too_many_groups": {"en": "{name} finds more than {limit} groups of cards",
                              "tr": "{name} {limit} kart grubundan fazlasını buluyor"},
    "no_such_seat": {"en": "seat {i} does not exist (seats are 0 to {last})",
                     "tr": "{i}. koltuk yok (koltuklar 0 ile {last} arası)"},
    "no_such_team": {"en": "team {i} does not exist (teams are 0 to {last})",
                     "tr": "{i}. takım yok (takımlar 0 ile {last} arası)"},
    "no_such_group": {"en": "group {i} does not exist (groups are 0 to {last})",
                      "tr": "{i}. grup yok (gruplar 0 ile {last} arası)"},
    "no_empty_group": {"en": "`{name}` has no empty group left (max_groups is {size})",
                       "tr": "`{name}` içinde boş grup kalmadı (max_groups {size})"},
    "step_next_only_window": {"en": "`next:` of the step `{name}` says where a window goes when it closes, and "
                                    "`{name}` has no `window:`",
                              "tr": "`{name}` adımının `next:` anahtarı bir pencere kapanınca nereye gidileceğini "
                                    "söyler; `{name}` adımında `window:` yok"},
    "step_next_only_window_hint": {"en": "write `next:` on the moves of the step, or make the step a window",
                                   "tr": "`next:` anahtarını adımın hamlelerine yaz ya da adımı pencere yap"},
    "window_needs_seats": {"en": "the window of the step `{name}` needs `seats:` and `pass:`",
                           "tr": "`{name}` adımının penceresi `seats:` ve `pass:` ister"},
    "window_example": {"en": "window: {{seats: <a list of seats, in the order asked>, pass: <a move of the step>, "
                             "until: <a condition, optional>}}",
                       "tr": "window: {{seats: <sorulacak sırayla koltukların listesi>, pass: <adımın bir hamlesi>, "
                             "until: <bir koşul, isteğe bağlı>}}"},
    "window_seats_not_seats": {"en": "the window of the step `{name}` asks `seats:`, a list of seats in the order "
                                     "asked; this is not one",
                               "tr": "`{name}` adımının penceresi `seats:` ister: sorulacak sırayla koltukların "
                                     "listesi; bu öyle bir liste değil"},
    "window_seats_empty": {"en": "the window of the step `{name}` asks nobody: its `seats:` is always empty",
                           "tr": "`{name}` adımının penceresi kimseye sormuyor: `seats:` listesi hep boş"},
    "window_pass_not_offered": {"en": "the window's pass move `{mname}` is not a move of the step `{name}`",
                                "tr": "pencerenin pas hamlesi `{mname}`, `{name}` adımının hamlelerinden değil"},
    "window_pass_hint": {"en": "name one of the step's `moves:`: a seat passes by playing it",
                         "tr": "adımın `moves:` listesinden birini yaz: bir koltuk onu oynayarak pas geçer"},
    "window_first_step": {"en": "the step `{name}` is a window, and the first step of a turn cannot be one",
                          "tr": "`{name}` adımı bir pencere; sıranın ilk adımı pencere olamaz"},
    "window_first_step_hint": {"en": "begin the turn with one seat's step, and give its move `next: {name}`",
                               "tr": "sırayı tek koltuğun adımıyla başlat ve onun hamlesine `next: {name}` yaz"},
    "window_next_not_step": {"en": "the window `{name}` goes on to `{next_step}`, which is either no step of the "
                                   "turn or a window itself",
                             "tr": "`{name}` penceresi `{next_step}` adımına gidiyor; ama bu ya sıranın bir adımı "
                                   "değil ya da kendisi de bir pencere"},
    "window_next_hint": {"en": "next: end, or the name of a step without `window:`",
                         "tr": "next: end ya da `window:` olmayan bir adımın adı"},
    "window_move_next": {"en": "the move `{mname}` is played in the window `{name}`, and where a window goes "
                               "is its own `next:`, not its moves'",
                         "tr": "`{mname}` hamlesi `{name}` penceresinde oynanıyor; pencereden sonra nereye "
                               "gidileceğini hamleleri değil, pencerenin kendi `next:` anahtarı söyler"},
    "window_move_next_hint": {"en": "remove the move's `next:`, and write it on the step `{name}`",
                              "tr": "hamlenin `next:` anahtarını sil ve `{name}` adımına yaz"},
    "window_seat_not_seat": {"en": "the window's seats hold {value}, not a seat (0 to {last})",
                             "tr": "pencerenin koltuk listesinde {value} var; bu bir koltuk (0 ile {last} arası) "
                                   "değil"},
    "first_not_seat": {"en": "flow.round.first gives {value}, not a seat (0 to {last})",
                       "tr": "flow.round.first bir koltuk (0 ile {last} arası) değil, {value} veriyor"},
    "total_of_points": {"en": "the total of round_result.points",
                        "tr": "round_result.points toplamı"},
    "not_a_group": {"en": "{name}[...]: {value} is not a group of a group zone",
                    "tr": "{name}[...]: {value} bir grup alanının grubu değil"},
    "preference_hint": {"en": "a preference may be worked out for any legal move it speaks of: guard "
                              "it (for example `not empty(zone) and ...`), and give a number or "
                              "true/false",
                        "tr": "bir tercih, söz ettiği her geçerli hamle için hesaplanabilir: onu bir "
                              "koşulla koru (örneğin `not empty(zone) and ...`) ve bir sayı ya da "
                              "true/false ver"},
    "preference_for": {"en": "the bot preference for `{name}`",
                       "tr": "`{name}` için bot tercihi"},
    "a_preference": {"en": "a bot preference",
                     "tr": "bir bot tercihi"},
    "these_effects": {"en": "these effects",
                      "tr": "bu etkiler"},
    "ending_round": {"en": "round",
                     "tr": "el"},
    "ending_game": {"en": "game",
                    "tr": "oyun"},
    "python_division_by_zero": {"en": "{text}",
                                "tr": "sıfıra bölme"},
    "python_index_out_of_range": {"en": "{text}",
                                  "tr": "dizin listenin dışında"},
    "params_list": {"en": "params: {names}",
                    "tr": "parametreler: {names}"},
    "moves_list": {"en": "moves: {names}",
                   "tr": "hamleler: {names}"},
    "reasons_list": {"en": "reasons: {names}",
                     "tr": "nedenler: {names}"},
    # --- the Python API and the environments (interpreter/arguments.py, api.py, rl.py)
    "api_game_type": {"en": "game is a game's id or a rule file's path, not {given}",
                      "tr": "game bir oyun adı ya da bir kural dosyasının yolu olmalı, {given} değil"},
    "api_variants_type": {"en": "variants is a list of variant names, such as ['maca7'], not {given}",
                          "tr": "variants, çeşitleme adlarından oluşan bir liste olmalı (örneğin ['maca7']), {given} değil"},
    "api_params_type": {"en": "params is a mapping of param names to values, such as {{'rounds': 3}}, "
                              "not {given}",
                        "tr": "params, parametre adlarını değerleriyle eşleyen bir sözlük olmalı (örneğin "
                              "{{'rounds': 3}}), {given} değil"},
    "api_players_type": {"en": "players is a whole number of players, not {given}",
                         "tr": "players bir oyuncu sayısı (tam sayı) olmalı, {given} değil"},
    "api_seat_type": {"en": "a seat is a whole number from 0 to {last}, not {given}",
                      "tr": "koltuk 0 ile {last} arasında bir tam sayı olmalı, {given} değil"},
    "api_no_seat": {"en": "there is no seat {seat}: the seats of this game are 0 to {last}",
                    "tr": "{seat} numaralı koltuk yok: bu oyunun koltukları 0 ile {last} arası"},
    "api_bots_type": {"en": "bots is a bot kind ({kinds}) or a list of one per seat, not {given}",
                      "tr": "bots bir bot türü ({kinds}) ya da her koltuğa bir tür veren bir liste olmalı, "
                            "{given} değil"},
    "api_seats_type": {"en": "seats is a list of {players} names, one a seat, such as ['Ann', 'Bo', ...], "
                             "not {given}",
                       "tr": "seats her koltuğa bir ad olmak üzere {players} adın listesi olmalı, örneğin "
                             "['Ayşe', 'Can', ...]; {given} değil"},
    "api_seats_count": {"en": "seats names each of the {players} seats once, not {count} names",
                        "tr": "seats {players} koltuğun her birine bir ad vermeli, {count} ad değil"},
    "api_bot_kind": {"en": "kural has no bot {kind}: give one of {kinds}",
                     "tr": "kural'da {kind} diye bir bot yok; şunlardan birini ver: {kinds}"},
    "api_bots_count": {"en": "give one bot kind, or one for each of the {players} seats, not {count}",
                       "tr": "bir bot türü ya da {players} koltuğun her biri için birer tür ver, {count} tane değil"},
    "api_move_type": {"en": "a move is a Move of legal() or its text, such as 'play 7D', not {given}",
                      "tr": "hamle, legal()'ın verdiği bir Move ya da onun metni (örneğin 'play 7D') olmalı, "
                            "{given} değil"},
    "api_not_legal": {"en": "{move} is not a legal move now; legal: {legal}",
                      "tr": "{move} şu an geçerli bir hamle değil; geçerli olanlar: {legal}"},
    "api_game_over": {"en": "{move} cannot be played: the game is over (after {moves} moves; see result)",
                      "tr": "{move} oynanamaz: oyun bitti ({moves} hamleden sonra; result'a bak)"},
    "api_not_picklable": {"en": "this game was not made by kural.load or kural.replay, so it cannot be pickled: "
                                "pickle what made it, and make it again",
                          "tr": "bu oyun kural.load ya da kural.replay ile yapılmadı, bu yüzden pickle edilemez: "
                                "onu yapanı pickle et ve yeniden yap"},
    "api_fits_several": {"en": "{move} fits more than one legal move ({options}): give the whole move",
                         "tr": "{move} birden fazla geçerli hamleye uyuyor ({options}): hamlenin tamamını ver"},
    "api_seed_type": {"en": "a seed is a whole number (an int or a numpy integer), not {given}",
                      "tr": "tohum bir tam sayı (int ya da numpy tam sayısı) olmalı, {given} değil"},
    "env_action_type": {"en": "an action is a whole number from 0 to {last} (see the observation's "
                              "action_mask), not {given}",
                        "tr": "eylem 0 ile {last} arasında bir tam sayı olmalı (gözlemin action_mask'ine bak), "
                              "{given} değil"},
    "env_no_action": {"en": "there is no action {action}: the actions are 0 to {last}",
                      "tr": "{action} numaralı eylem yok: eylemler 0 ile {last} arası"},
    "env_no_agent": {"en": "there is no agent {agent}: the agents are {agents}",
                     "tr": "{agent} diye bir ajan yok; ajanlar: {agents}"},
    "env_reset_first": {"en": "call reset() before {what}: the environment has no game yet",
                        "tr": "{what} çağırmadan önce reset() çağır: ortamda henüz bir oyun yok"},
    "env_game_type": {"en": "game is a kural.Game, such as kural.load(game_id) gives, not {given} "
                            "(kural.env takes a game's id)",
                      "tr": "game bir kural.Game olmalı, örneğin kural.load(oyun_kimliği) ile yapılan; "
                            "{given} değil (kural.env bir oyunun kimliğini alır)"},
    "env_game_over": {"en": "the game is over: call reset() before {what} to deal the next one",
                      "tr": "oyun bitti: sonrakini dağıtmak için {what} çağırmadan önce reset() çağır"},
    "env_render_mode": {"en": "render_mode is one of {modes} (or None), not {given}",
                        "tr": "render_mode şunlardan biri olmalı: {modes} (ya da None); {given} değil"},
    "env_reward_kind": {"en": "reward is one of {kinds}, not {given}",
                        "tr": "reward şunlardan biri olmalı: {kinds}; {given} değil"},
    "actions_unnumbered": {"en": "the choice {choice} of the move {move} takes its options from the position, so no "
                                 "integer can stand for one of them in every position: write its options as a list",
                           "tr": "{move} hamlesinin {choice} seçimi seçeneklerini konumdan alıyor, bu yüzden hiçbir "
                                 "tam sayı her konumda onlardan birinin yerini tutamaz: seçeneklerini liste olarak yaz"},
    "api_state_type": {"en": "a bot chooses for a kural State, such as game.new() gives, not {given}",
                       "tr": "bot bir kural State'i için seçer (örneğin game.new() ile yapılan), {given} için değil"},
    "state_no_sampler": {"en": "rng is a seed (an int), a random.Random or a function giving a number from 0 to 1, "
                               "not {given}",
                         "tr": "rng bir tohum (int), bir random.Random ya da 0 ile 1 arasında sayı veren bir "
                               "fonksiyon olmalı; {given} değil"},
    "state_nothing_to_undo": {"en": "there is no move to undo: no move was played yet",
                              "tr": "geri alınacak hamle yok: henüz hamle oynanmadı"},
    "state_resampled_undo": {"en": "a state drawn by resample_from_infostate has no deal to play again: undo it "
                                   "on the state it was drawn from",
                             "tr": "resample_from_infostate ile çekilen bir durumun yeniden oynanacak dağıtımı "
                                   "yok: geri almayı onu çektiğin durumda yap"},
    "policy_choice": {"en": "the policy {policy} chose {given}: a policy gives a Move of state.legal(), its text "
                            "or an integer of state.legal_actions()",
                      "tr": "{policy} politikası {given} seçti: bir politika state.legal()'ın bir Move'unu, onun "
                            "metnini ya da state.legal_actions()'ın bir tam sayısını verir"},
    "policy_not_found": {"en": "cannot use the bot {name}: {error} (give module:Name, an importable module "
                               "and a class or function in it)",
                         "tr": "{name} botu kullanılamıyor: {error} (modül:Ad biçiminde, içe aktarılabilen bir "
                               "modül ve içindeki bir sınıf ya da fonksiyon ver)"},
    "policy_no_choose": {"en": "{name} is not a policy: it has no choose(state) and is not callable",
                         "tr": "{name} bir politika değil: choose(state) yöntemi yok ve çağrılabilir değil"},
    # --- records and saves as read (interpreter/recordcheck.py), and seeds (interpreter/seeds.py)
    "not_json": {"en": "not a JSON record ({error})", "tr": "JSON kaydı değil ({error})"},
    "too_deep": {"en": "not a kural record: its lists and mappings are nested more than {limit} deep",
                 "tr": "kural kaydı değil: listeleri ve eşlemeleri {limit} kattan daha derin iç içe geçmiş"},
    "bad_number": {"en": "not a kural record: {number} is not a number a game holds "
                         "(numbers are finite, between -{limit} and {limit})",
                   "tr": "kural kaydı değil: {number} bir oyunun tutabileceği bir sayı değil "
                         "(sayılar sonlu, -{limit} ile {limit} arasında)"},
    "bad_field": {"en": "not a kural record: `{field}` should be {want}",
                  "tr": "kural kaydı değil: `{field}` {want} olmalı"},
    "kind_mapping": {"en": "a mapping (a JSON object)", "tr": "bir eşleme (JSON nesnesi)"},
    "kind_list": {"en": "a list", "tr": "bir liste"},
    "kind_text": {"en": "text", "tr": "metin"},
    "kind_texts": {"en": "a list of texts", "tr": "bir metin listesi"},
    "kind_whole": {"en": "a whole number", "tr": "bir tam sayı"},
    "kind_seat": {"en": "a seat number, or null for a game of bots only",
                  "tr": "bir koltuk numarası ya da yalnız botların oynadığı oyun için null"},
    "kind_cards": {"en": "card codes such as \"7D\"", "tr": "\"7D\" gibi kart kodları"},
    "kind_teams": {"en": "a list of teams, each a list of seat numbers",
                   "tr": "her biri koltuk numaralarından oluşan bir takım listesi"},
    "kind_param": {"en": "a param's value (text, a number, true/false, null or a list of numbers)",
                   "tr": "bir parametre değeri (metin, sayı, true/false, null ya da sayı listesi)"},
    "kind_choice": {"en": "a move's choice (a number, text or a list of card codes)",
                    "tr": "bir hamle seçimi (sayı, metin ya da kart kodu listesi)"},
    "record_file_unknown": {"en": "the record names the rule file {path} without its sha256, so it is not read "
                                  "(a record reads only the games of games/ and files whose content it knows); "
                                  "play that file yourself to make a new record",
                            "tr": "kayıt {path} kural dosyasını sha256 özeti olmadan anıyor, bu yüzden dosya "
                                  "okunmuyor (bir kayıt yalnız games/ oyunlarını ve içeriğini bildiği dosyaları "
                                  "okur); yeni bir kayıt için o dosyayı kendin oyna"},
    "record_file_gone": {"en": "the rule file {path}, which this game was played with, is gone: put it back "
                               "there to play the game again",
                         "tr": "bu oyunun oynandığı {path} kural dosyası yok: oyunu yeniden oynamak için "
                               "dosyayı yerine koy"},
    "record_file_changed": {"en": "the rule file {path} has changed since this game was saved (its sha256 "
                                  "differs): put back the version it was played with, or start a new game "
                                  "with the file as it is now",
                            "tr": "{path} kural dosyası bu oyun kaydedildikten sonra değişti (sha256 özeti "
                                  "farklı): oyunun oynandığı sürümü geri koy ya da dosyanın şimdiki haliyle "
                                  "yeni bir oyun başlat"},
    "record_format_unknown": {"en": "not a record this kural reads: its format is `{format}`, and this kural "
                                    "reads {known} only (a newer kural may have written it)",
                              "tr": "bu kural sürümünün okuyabildiği bir kayıt değil: biçimi `{format}`, bu sürüm "
                                    "yalnız {known} biçimini okur (kaydı daha yeni bir kural sürümü yazmış olabilir)"},
    "kind_seed": {"en": "a seed: a whole number from -{limit} to {limit}",
                  "tr": "bir tohum: -{limit} ile {limit} arasında bir tam sayı"},
    "seed_not_whole": {"en": "a seed is a whole number, not {kind} {value}: give an int such as 1",
                       "tr": "tohum bir tam sayıdır, {kind} {value} değil: 1 gibi bir tam sayı ver"},
    "seed_out_of_range": {"en": "{seed} is out of range for a seed: a seed is a whole number from -{limit} to "
                                "{limit} (a record holds no larger number); give one within it",
                          "tr": "{seed} tohum olamaz, aralığın dışında: tohum -{limit} ile {limit} arasında bir tam "
                                "sayıdır (bir kayıt daha büyük sayı tutmaz); bu aralıkta bir tohum ver"},
    "seeds_out_of_range": {"en": "{games} games from seed {seed} are dealt from seeds up to {last}, past {limit} "
                                 "(a record holds no larger number): give a seed of at most {most}",
                           "tr": "{seed} tohumundan {games} oyun {last} tohumuna kadar dağıtılır, bu {limit} "
                                 "sayısını aşar (bir kayıt daha büyük sayı tutmaz): en çok {most} olan bir "
                                 "tohum ver"},
    "rule_path_unkept": {"en": "the rule file {path} has a name a record cannot keep (a line break or another "
                               "control character, or bytes that are not UTF-8): a record of its game could be "
                               "neither replayed nor resumed; rename the file, then play it",
                         "tr": "{path} kural dosyasının adını bir kayıt tutamaz (satır sonu ya da başka bir "
                               "denetim karakteri, ya da UTF-8 olmayan baytlar): oyununun kaydı ne yeniden "
                               "oynanabilir ne de sürdürülebilir; dosyanın adını değiştir, sonra oyna"},
    "deal_how_chance": {"en": "chance actions", "tr": "şans hamleleri"},
    "deal_how_given": {"en": "a given deal", "tr": "verilmiş bir dağıtım"},
    "chance_board": {"en": "a shuffle: {placed} of its {cards} cards placed, the next by chance",
                     "tr": "bir karıştırma: {cards} kartından {placed} tanesi yerinde, sıradaki şansla"},
    "chance_card": {"en": "next card: {card}", "tr": "sıradaki kart: {card}"},
    "api_chance_type": {"en": "chance is True or False, not {given}", "tr": "chance True ya da False olmalı; {given} değil"},
    "api_chance_node": {"en": "{move} chooses no move at a chance node: a shuffle waits for its cards (apply one of "
                              "chance_outcomes())",
                        "tr": "{move} şans düğümünde hamle seçmez: bir karıştırma kartlarını bekliyor "
                              "(chance_outcomes() içinden birini uygula)"},
    "state_no_record": {"en": "this game was dealt by {how}, not from its seed alone, so a record of it would not "
                              "replay: pickle the state, or keep its history()",
                        "tr": "bu oyun yalnız tohumundan değil, {how} ile dağıtıldı; kaydı yeniden oynanmaz: "
                              "durumu pickle ile sakla ya da history() listesini tut"},
    "state_chance_resample": {"en": "a chance node has no seat to draw for: apply its chance actions first",
                              "tr": "şans düğümünde çekilecek bir oyuncu yok: önce şans hamlelerini uygula"},
    "deal_type": {"en": "deal is a list of hands, one per seat, or a mapping of zone names to their cards, such as "
                        "{{'hand': [['AS', 'KH'], None, None, None]}}, not {given}",
                  "tr": "deal her oyuncu için bir el listesi ya da bölge adlarından kartlarına bir eşleme olmalı; "
                        "örneğin {{'hand': [['AS', 'KH'], None, None, None]}}; {given} değil"},
    "deal_no_zone": {"en": "the deal names {zone}, which is no zone of this game that a deal fills; its zones: {zones}",
                     "tr": "dağıtım {zone} adını veriyor, ama bu oyunda dağıtımın doldurduğu böyle bir bölge yok; "
                           "bölgeleri: {zones}"},
    "deal_owners": {"en": "the deal of {zone} is a list of {owners} entries, each a list of card codes or None",
                    "tr": "{zone} dağıtımı {owners} öğelik bir liste olmalı; her biri kart kodlarının listesi ya "
                          "da None"},
    "deal_no_card": {"en": "the deal gives {card}, which is no card of this deck, or one more than it holds",
                     "tr": "dağıtım {card} kartını veriyor, ama bu destede böyle bir kart yok ya da bu kadar çok yok"},
    "deal_no_shuffle": {"en": "this game never shuffles, so its deal is always the same: no deal can be given",
                        "tr": "bu oyun hiç karıştırmıyor, dağıtımı hep aynı: dağıtım verilemez"},
    "deal_not_shuffled": {"en": "the deal gives {zone} a card its first shuffle does not hold",
                          "tr": "dağıtım {zone} bölgesine ilk karıştırmada olmayan bir kart veriyor"},
    "deal_too_many": {"en": "the deal gives {zone} {given} cards, and the first deal gives it {most}",
                      "tr": "dağıtım {zone} bölgesine {given} kart veriyor, ilk dağıtım ise {most} kart veriyor"},
    "deal_not_made": {"en": "the rules do not deal {zone} the cards given: its setup deals by what the cards are",
                      "tr": "kurallar {zone} bölgesine verilen kartları dağıtmıyor: hazırlığı kartlara göre dağıtıyor"},
}
