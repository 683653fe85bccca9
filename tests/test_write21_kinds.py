"""Issue #26, session 19 (lane write21): the kinds round3_extra14 left (journal, session 18, write19 and
write20), each built as a kind in en / fr / zh / ms with wordings of no case file and counter-examples,
through the real write path (``souvenir.bench.cases.run_case``; the line format is
``test_general_readers_write13``'s: ``F|lang|message|candidate|kept`` for the filter chain,
``A|lang|stored|new|contains|excludes|count`` for admission).

Kinds: an irregular or familiar form of the verb of a past state (taught / Teaches, « bossais » /
« Travaille », "mengajar" / "Ajar", 打工 / 工作: ``lexical/verb_forms``, read by ``_past_state``); a
place of activity after at / « au » / di / 在 (``restated.ends_state``); an event moved by a span with
no new date, named by one word of two (``lexical/moved_span``); a name ended alone, its kind left unsaid
(``ended_by``); a relapse said by its own word, a one-character Chinese habit (``resumption``).
"""

from __future__ import annotations

import pytest

from souvenir.bench.cases import run_case
from tests.test_general_readers_write13 import _case

CASES = r"""
F|en|in my twenties I taught surfing in Cornwall, now I'm an accountant|Teaches surfing in Cornwall|0
F|en|back in college I sang in a gospel choir, haven't sung in years|Sings in a gospel choir|0
F|en|when I lived in Leeds I wrote for the local paper, not anymore though|Writes for the local paper|0
F|en|I taught surfing for years and I still teach every summer|Teaches surfing|1
F|fr|quand j'étais étudiant je faisais du théâtre, j'ai arrêté depuis|Fait du théâtre|0
F|fr|à la fac j'écrivais pour le journal étudiant, c'est fini|Écrit pour le journal étudiant|0
F|zh|大学时我教过冲浪，现在不教了|教冲浪|0
F|ms|dulu saya mengajar silat di kampung, sekarang dah tak|Ajar silat di kampung|0
F|ms|dulu saya mengajar silat dan sekarang masih mengajar|Ajar silat|1
F|fr|pendant mes études je bossais dans un bar, aujourd'hui je suis comptable|Travaille dans un bar|0
F|fr|avant je taffais chez McDo, plus maintenant|Travaille chez McDo|0
F|fr|je bosse dans un bar depuis deux ans|Travaille dans un bar|1
F|en|when I was a student I had a job at a bar in Soho, now I'm an accountant|Works at a bar in Soho|0
F|zh|大学时我在酒吧打工，现在当会计了|在酒吧工作|0
F|ms|masa belajar dulu aku keje kat kedai mamak, sekarang dah jadi akauntan|Kerja di kedai mamak|0
A|en|Teaches yoga at the studio near the station|No longer teaches yoga|No longer|near the station
A|fr|Donne des cours de yoga au studio près de la gare|Ne donne plus de cours de yoga|plus|près de la gare
A|fr|Répète au studio le jeudi|Ne répète plus|plus|Répète au studio
A|zh|在车站旁边的瑜伽馆教瑜伽|已经不教瑜伽了|不教|瑜伽馆
A|ms|Ajar yoga di studio dekat stesen|Dah tak ajar yoga lagi|tak ajar|dekat stesen
A|fr|Joue au tennis le samedi|Ne joue plus au foot|foot||2
A|en|Team offsite on 9 October|The offsite has been postponed by two weeks|postponed|9 October
A|fr|Séminaire d'équipe le 9 octobre|Le séminaire a été reporté de deux semaines|reporté|9 octobre
A|zh|团队团建定在10月9号|团建推迟了两周|推迟|10月9号
A|ms|Retreat pasukan pada 9 Oktober|Retreat tu dah ditangguhkan dua minggu|ditangguhkan|9 Oktober
A|en|Team offsite on 9 October|My sister's offsite has been postponed by two weeks|sister||2
A|en|Is on a gym plan with PureGym|Cancelled PureGym|Cancelled|gym plan
A|fr|Est abonné à la salle de sport Basic-Fit|A résilié Basic-Fit|résilié|salle de sport
A|zh|办了乐刻健身的会员卡|把乐刻退了|退了|会员卡
A|ms|Ahli gim Anytime Fitness di Subang|Dah batalkan Anytime Fitness|batalkan|Subang
A|en|Is on a gym plan with PureGym|Cancelled Netflix|Netflix||2
A|zh|戒了烟|又复吸了|复吸|戒了烟
A|zh|戒了酒|又开始喝了|又开始|戒了酒
A|en|Quit smoking last year|Relapsed and is smoking again|Relapsed|Quit smoking
A|fr|A arrêté de fumer|A rechuté, refume depuis mars|rechuté|arrêté de fumer
A|ms|Dah berhenti merokok|Merokok semula sejak Mac|semula|berhenti merokok
F|fr|quand j'étais étudiant je faisais du théâtre et j'en fais toujours|Fait du théâtre|1
F|zh|大学时我教过冲浪，现在还在教|教冲浪|1
F|zh|大学时我在酒吧打工，现在还在那儿上班|在酒吧工作|1
F|ms|dulu aku keje kat kedai mamak, sampai sekarang masih keje situ|Kerja di kedai mamak|1
F|en|when I was a student I had a job at a bar in Soho and I still work there on Fridays|Works at a bar in Soho|1
F|en|in my twenties my dad taught surfing in Cornwall, now he's retired|Teaches surfing in Cornwall|1
A|en|Teaches yoga at the studio near the station|No longer teaches pilates|pilates||2
A|zh|在车站旁边的瑜伽馆教瑜伽|已经不教普拉提了|普拉提||2
A|ms|Ajar yoga di studio dekat stesen|Dah tak ajar pilates lagi|pilates||2
A|fr|Donne des cours de yoga au studio près de la gare|Ne donne plus de cours de piano|piano||2
A|fr|Séminaire d'équipe le 9 octobre|Le mariage de ma sœur a été reporté de deux semaines|mariage||2
A|zh|团队团建定在10月9号|妈妈的体检推迟了一周|体检||2
A|ms|Retreat pasukan pada 9 Oktober|Kenduri kakak saya ditangguhkan seminggu|Kenduri||2
A|en|Team offsite on 9 October|The dentist appointment has been postponed by a week|dentist||2
A|fr|Est abonné à la salle de sport Basic-Fit|A résilié Netflix|Netflix||2
A|zh|办了乐刻健身的会员卡|把爱奇艺会员退了|爱奇艺||2
A|ms|Ahli gim Anytime Fitness di Subang|Dah batalkan Netflix|Netflix||2
A|en|Goes to PureGym with her sister|Cancelled Netflix|Netflix||2
A|zh|戒了烟|又开始喝酒了|喝酒||2
A|en|Quit smoking last year|My brother relapsed|brother||2
A|fr|A arrêté de fumer|A repris le tennis|tennis||2
A|ms|Dah berhenti merokok|Main futsal semula|futsal||2
A|en|Team offsite on 9 October|The offsite has been moved to 23 October|23 October|9 October
A|fr|Séminaire d'équipe le 9 octobre|Le séminaire a été reporté au 23 octobre|23 octobre|9 octobre
A|zh|团队团建定在10月9号|团建推迟到10月23号了|10月23号|10月9号
A|ms|Retreat pasukan pada 9 Oktober|Retreat tu dah ditangguhkan ke 23 Oktober|23 Oktober|9 Oktober
A|en|Team offsite on 9 October|Sarah's offsite has been moved to 23 October|Sarah||2
A|fr|Séminaire d'équipe le 9 octobre|Le séminaire de mon mari a été reporté au 23 octobre|mari||2
"""

LINES = [line for line in CASES.strip().splitlines() if line.strip()]


@pytest.mark.parametrize("line", LINES, ids=[f"{i}-{line.split('|')[1]}" for i, line in enumerate(LINES)])
def test_write21_case(line):
    result = run_case(_case(LINES.index(line), line))
    assert result.status == "passed", f"{line}: {result.problems}"


def test_every_language_is_there():
    assert {line.split("|")[1] for line in LINES} == {"en", "fr", "zh", "ms"}


@pytest.mark.parametrize(
    ("new", "old", "expected"),
    [
        ("A replongé : se ronge les ongles depuis les partiels", "啤酒戒了两个月了", False),  # another script
        ("Relapsed: biting my nails again", "Quit smoking", False),  # names its own habit
        ("Jatuh semula, main judi lagi", "Dah berhenti minum arak", False),  # another addiction named
        ("又复吸了", "戒了烟", True),
        ("Relapsed last week", "Quit smoking", True),
        ("A rechuté hier soir", "A arrêté l'alcool", True),
    ],
)
def test_a_relapse_is_the_stopped_addiction_only(new: str, old: str, expected: bool) -> None:
    """A relapse word with no object ends a stopped addiction; one that names another habit, or
    is said in another script, ends none (found by the pool index's equivalence test)."""
    from souvenir.lexical.resumption import resumes

    assert resumes(new, old) is expected
