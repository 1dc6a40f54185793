"""The sentences of `kural compare` and of simulate's --workers and --ray, in English and Turkish
(Turkish speaks to the player as *sen*). Words of a game come from its rule file."""
from __future__ import annotations

from kural.interpreter.messages import filled
from .i18n import pick

TEXT: dict[str, dict[str, str]] = {
    # --- kural simulate --workers / --ray
    "ray_missing": {"en": "--ray needs Ray, which is not installed: pip install 'kural[ray]' (or leave out --ray: "
                          "--workers N plays on the cores of this machine)",
                    "tr": "--ray için Ray gerekir, kurulu değil: pip install 'kural[ray]' (ya da --ray verme: "
                          "--workers N bu makinenin çekirdeklerinde oynatır)"},
    "ray_failed": {"en": "could not reach Ray at {address}: {error}", "tr": "{address} adresindeki Ray'e ulaşılamadı: {error}"},
    "worker_killed": {"en": "worker {worker} (process {pid}) was killed by {signal} before its games were played, "
                            "so the run is stopped and no file is written; run it again (with fewer --workers if "
                            "the system ran out of memory)",
                      "tr": "{worker}. işçi (süreç {pid}) oyunlarını bitirmeden {signal} ile öldürüldü, bu yüzden "
                            "çalışma durduruldu ve hiçbir dosya yazılmadı; yeniden çalıştır (sistemin belleği "
                            "yetmediyse daha az --workers ile)"},
    "worker_ended": {"en": "worker {worker} (process {pid}) ended with exit code {code} before its games were "
                           "played, so the run is stopped and no file is written; run it again",
                     "tr": "{worker}. işçi (süreç {pid}) oyunlarını bitirmeden {code} çıkış koduyla sona erdi, bu "
                           "yüzden çalışma durduruldu ve hiçbir dosya yazılmadı; yeniden çalıştır"},
    "sim_stopped": {"en": "stopped by {signal}: the games played are dropped and no file is written",
                    "tr": "{signal} ile durduruldu: oynanan oyunlar bırakıldı ve hiçbir dosya yazılmadı"},
    # --- kural compare
    "cmp_title": {"en": "{left} against {right}: {games} games each, the same seeds ({seed} on), bots {bots}",
                  "tr": "{left} ile {right}: her biri {games} oyun, aynı tohumlar ({seed} ve sonrası), botlar {bots}"},
    "cmp_stat": {"en": "statistic", "tr": "istatistik"},
    "cmp_diff": {"en": "difference", "tr": "fark"},
    "cmp_ci": {"en": "95% interval", "tr": "%95 aralık"},
    "cmp_bars": {"en": "distribution", "tr": "dağılım"},
    "cmp_significant": {"en": "significant", "tr": "anlamlı"},
    "cmp_legend": {"en": "* the 95% interval of the paired differences leaves out 0: the rule changes this "
                         "(paired by seed: the same deal and the same bots on both sides)",
                   "tr": "* eşleştirilmiş farkların %95 aralığı 0'ı içermiyor: kural bunu değiştiriyor "
                         "(tohuma göre eşleştirildi: iki yanda da aynı dağıtım ve aynı botlar)"},
    "cmp_none": {"en": "No significant difference in {n} statistics.",
                 "tr": "{n} istatistikte anlamlı bir fark yok."},
    "cmp_some": {"en": "{k} of {n} statistics differ significantly.",
                 "tr": "{n} istatistiğin {k} tanesinde anlamlı fark var."},
    "cmp_win": {"en": "wins {who} %", "tr": "{who} galibiyet %"},
    "cmp_score": {"en": "{title} {who}", "tr": "{title} {who}"},
    "cmp_moves": {"en": "moves per game", "tr": "oyun başına hamle"},
    "cmp_rounds": {"en": "rounds per game", "tr": "oyun başına tur"},
    "cmp_aborted": {"en": "aborted games %", "tr": "yarıda kalan oyun %"},
    "cmp_round_field": {"en": "{title} per game (its rounds' sum) {who}",
                        "tr": "oyun başına {title} (turlarının toplamı) {who}"},
    "cmp_shared_wins": {"en": "shared wins: {shared_left} games of {left} and {shared_right} of {right} (of the "
                              "{pairs} compared) ended in a tie, which counts a win for each tied side, so a side's "
                              "wins % add up to more than 100",
                        "tr": "paylaşılan galibiyet: karşılaştırılan {pairs} oyundan {left} için {shared_left}, "
                              "{right} için {shared_right} oyun berabere bitti; berabere kalan her taraf bir "
                              "galibiyet sayar, bu yüzden bir tarafın galibiyet yüzdelerinin toplamı 100'ü aşar"},
    "cmp_over_finished": {"en": "aborted games (stopped at the move bound, won by nobody): {aborted_left} of {left}, "
                                "{aborted_right} of {right}; every figure but the aborted share is over the {pairs} "
                                "pairs of {games} whose two games finished",
                          "tr": "yarıda kalan oyunlar (hamle sınırında durdu, kimse kazanmadı): {left} için "
                                "{aborted_left}, {right} için {aborted_right}; yarıda kalma oranı dışındaki her "
                                "rakam, {games} çiftten iki oyunu da biten {pairs} çifte göre"},
    "cmp_plot_title": {"en": "{right} − {left}: each difference with its 95% interval (red: leaves out 0)",
                       "tr": "{right} − {left}: her fark ve %95 aralığı (kırmızı: 0'ı içermiyor)"},
    "cmp_plot_written": {"en": "Chart written to {path}.", "tr": "Grafik {path} dosyasına yazıldı."},
    "cmp_plot_missing": {"en": "--plot needs matplotlib, which is not installed: pip install 'kural[plot]'",
                         "tr": "--plot için matplotlib gerekir, kurulu değil: pip install 'kural[plot]'"},
    "cmp_plot_kind": {"en": "--plot writes a .svg or a .png file, not {path}",
                      "tr": "--plot bir .svg ya da .png dosyası yazar, {path} değil"},
    "cmp_two_sides": {"en": "give what to compare: --variant V or --set NAME=VALUE (against the game as it is), "
                            "or a second rule file",
                      "tr": "neyin karşılaştırılacağını ver: --variant V ya da --set AD=DEĞER (oyunun kendisiyle), "
                            "ya da ikinci bir kural dosyası"},
    "cmp_players": {"en": "the two sides have {left} and {right} players: compare games with the same seats "
                          "(--players N)",
                    "tr": "iki yanın oyuncu sayısı {left} ve {right}: aynı koltuklu oyunları karşılaştır "
                          "(--players N)"},
}

HELP: dict[str, dict[str, str]] = {
    "opt_workers": {"en": "Processes that play the games (default: every core of this machine). The statistics "
                          "and the records are those of one worker, in seed order, byte for byte.",
                    "tr": "Oyunları oynayan süreç sayısı (varsayılan: bu makinenin bütün çekirdekleri). İstatistikler "
                          "ve kayıtlar, tohum sırasıyla, tek süreçtekilerle bayt bayt aynıdır."},
    "opt_ray": {"en": "Play the games as tasks of a Ray cluster at ADDRESS (needs pip install 'kural[ray]'); "
                      "--ray alone, after GAME, starts a Ray instance on this machine. Same results as one worker.",
                "tr": "Oyunları ADDRESS adresindeki Ray kümesinin görevleri olarak oynatır (pip install 'kural[ray]' "
                      "gerekir); OYUN'dan sonra yalnız --ray bu makinede bir Ray başlatır. Sonuçlar tek süreçtekiyle aynıdır."},
    "compare": {"en": "What does a house rule change? Bots play GAME and the changed game (--variant, --set, or "
                      "a second rule file) from the same seeds, and each statistic is printed side by side: wins, "
                      "scores, moves and rounds per game, every scoring-sheet column per game, aborted games, with the "
                      "difference, its 95% interval over the pairs whose two games finished and a * where it is "
                      "significant.",
                "tr": "Bir ev kuralı neyi değiştirir? Botlar OYUN'u ve değiştirilmiş oyunu (--variant, --set ya da "
                      "ikinci bir kural dosyası) aynı tohumlardan oynar ve her istatistik yan yana yazılır: "
                      "galibiyetler, puanlar, oyun başına hamle ve tur, oyun başına puan çizelgesinin her sütunu, "
                      "yarıda kalan oyunlar; farkı, iki oyunu da biten çiftler üzerinden %95 aralığı ve anlamlıysa "
                      "bir * ile."},
    "arg_other": {"en": "A second rule file, compared with GAME (instead of --variant or --set).",
                  "tr": "OYUN ile karşılaştırılacak ikinci bir kural dosyası (--variant ya da --set yerine)."},
    "opt_cmp_n": {"en": "Games on each side.", "tr": "Her yanda oynanacak oyun sayısı."},
    "opt_cmp_json": {"en": "Print the comparison as one JSON object on stdout.",
                     "tr": "Karşılaştırmayı stdout'a tek bir JSON nesnesi olarak yazar."},
    "opt_plot": {"en": "Also draw what the rule changes to FILE (.svg or .png; needs pip install 'kural[plot]'): "
                       "a row per statistic, its difference with its 95% interval and a line at zero.",
                 "tr": "Kuralın neyi değiştirdiğini ayrıca DOSYA'ya çizer (.svg ya da .png; pip install 'kural[plot]' "
                       "gerekir): her istatistik için bir satır, farkı, %95 aralığı ve sıfır çizgisi."},
}


def say(key: str, lang: str, **values: object) -> str:
    return pick(TEXT[key], lang).format(**{k: filled(v) for k, v in values.items()})
