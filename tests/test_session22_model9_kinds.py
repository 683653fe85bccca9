"""Session 22, lane model9 (issue #25): the junk kinds `dlg3-fr` left, in four languages.

- ``done`` — a status remark: the writer has just done the step discussed, naming no thing
  ("I just installed it, thanks."; `dlg3-fr`'s note « Je viens de l'installer, merci. »).
- a leave-taking that names the assistant after thanks (`dlg3-fr`'s episode « Merci, bonne
  soirée Hugo. »): the name after the wish is called out, so the sentence is ``empty``.
"""

from __future__ import annotations

import pytest

from souvenir.lexical.chitchat import NOTES, chit_chat
from souvenir.lexical.done_it import done_it

DONE = [
    "I just downloaded it, thanks a lot!",
    "Ok, I've just reset it.",
    "Already paid it, thank you.",
    "Je viens de la télécharger, merci beaucoup !",
    "C'est bon, je l'ai déjà réinitialisé.",
    "Voilà, je viens juste de le brancher.",
    "我刚下载好了，谢谢！",
    "已经重启了，谢谢。",
    "好的，我刚试过了。",
    "Saya baru download, terima kasih!",
    "Ok, dah bayar tadi, tq.",
    "Aku sudah tukar, terima kasih.",
]


@pytest.mark.parametrize("text", DONE)
def test_a_step_just_done_on_what_was_discussed_is_chit_chat(text):
    assert done_it(text)
    assert chit_chat(text) == "done"
    assert chit_chat(text, kinds=NOTES) == "done"


FACTS = [
    "I just downloaded the new banking app on my phone.",
    "I just got married last week!",
    "I've just paid off my student loan.",
    "Je viens de télécharger l'appli de la banque.",
    "Je viens de déménager à Annecy.",
    "Je l'ai payé 240 euros.",
    "我刚下载了招商银行的应用。",
    "我刚搬到成都。",
    "Saya baru pasang solar panel kat rumah.",
    "Saya baru kahwin bulan lepas.",
    "I just installed it, thanks. My boiler is a Vaillant from 2015.",
    "Je viens de l'installer, merci. Au fait, on déménage en mars.",
]


@pytest.mark.parametrize("text", FACTS)
def test_a_step_naming_its_thing_or_a_life_event_is_kept(text):
    assert not done_it(text.split(". ")[0]) or ". " in text
    assert chit_chat(text) is None


THANKED_OFF = [
    "Thanks, have a lovely evening Priya.",
    "Thank you so much, good night Tom!",
    "Merci encore, bonne journée Hugo !",
    "Merci, bonne nuit Léa.",
    "谢谢，晚安小周。",
    "好的谢谢，再见李老师！",
    "Terima kasih, selamat petang Farid.",
    "Ok terima kasih, jumpa lagi Aina!",
]


@pytest.mark.parametrize("text", THANKED_OFF)
def test_thanks_and_a_wish_naming_the_assistant_is_chit_chat(text):
    assert chit_chat(text) is not None


KEPT = [
    "Thanks, I start at the new school tomorrow, good night Tom.",
    "Merci, je déménage à Annecy en mars, bonne soirée Hugo.",
    "谢谢，我下个月搬到成都，晚安小周。",
    "Terima kasih, saya pindah ke Ipoh bulan depan, selamat malam Farid.",
    "I spent a lovely evening with Priya.",
    "Nous avons passé une bonne soirée avec Hugo.",
]


@pytest.mark.parametrize("text", KEPT)
def test_a_fact_beside_the_wish_is_kept(text):
    assert chit_chat(text) is None


WAITING = [
    "Alright, I'll wait then. Thank you!",
    "Ok, je patiente. Merci beaucoup.",
    "好的，我先等着吧，谢谢！",
    "Baik, saya tunggu dulu. Tq!",
]


@pytest.mark.parametrize("text", WAITING)
def test_waiting_for_the_assistant_is_chit_chat(text):
    assert chit_chat(text) == "done"


WAITED_FOR = [
    "I'm waiting for my visa to come through.",
    "J'attends mon deuxième enfant pour avril.",
    "我在等签证下来。",
    "Saya tunggu keputusan SPM anak saya.",
]


@pytest.mark.parametrize("text", WAITED_FOR)
def test_waiting_for_a_named_thing_is_kept(text):
    assert chit_chat(text) is None
