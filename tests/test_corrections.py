"""Corrections of keyed values (issue #3 item 4) through admission.decide and the engine.

"When a newer memory contradicts an older one about the same thing (… a keyed value
changes: city, employer, delivery address), the new one becomes active and the old one is
superseded — kept as history with both dates, never deleted silently, never left active
beside it." Precision first (seed 000: a wrongly superseded memory is an erased fact): a
relative's value, another key, a past or planned state, an older statement arriving
later, or an old memory that says more than its key never supersede.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from souvenir.write.admission import Decision, decide
from souvenir.engine.core import Engine
from souvenir.store import open_store
from souvenir.ground.types import Candidate, Memory

EARLY = datetime(2024, 1, 10, 9, 0, tzinfo=timezone.utc)
LATE = datetime(2025, 3, 1, 9, 0, tzinfo=timezone.utc)


def stored(ident: int, text: str, when: datetime = EARLY) -> Memory:
    return Memory(ident, 1, text, created_at=when, updated_at=when)


def run(old: str, new: str, *, old_at: datetime = EARLY, new_at: datetime = LATE) -> Decision:
    """``old`` is stored (said at ``old_at``), ``new`` arrives (said at ``new_at``)."""
    return decide(Candidate(text=new, time=new_at), [stored(1, old, old_at)], new_at)


# (key, lang, old, new): the later statement changes the value → supersede.
SUPERSEDE = [
    # home city / country
    ("city", "en", "Lives in Ipoh", "Moved to Penang"),
    ("city", "en", "The user lives in Tournefeuille", "The user now lives in Toulouse"),
    ("city", "en", "Lives in Ipoh with her husband", "Has moved to Kuala Lumpur"),
    ("city", "en", "I live in Johor Bahru", "Relocated to Singapore last year"),
    ("city", "en", "Lives in Malaysia", "Moved to Australia"),
    ("city", "fr", "Habite à Lyon", "Habite désormais à Toulouse"),
    ("city", "fr", "L'utilisateur vit à Toulouse", "L'utilisateur a déménagé à Bordeaux"),
    ("city", "fr", "Habite à Lyon depuis 2015", "S'est installée à Nantes"),
    ("city", "fr", "Vit à Paris", "Vient de déménager à Lille"),
    ("city", "zh", "住在吉隆坡", "用户搬到了槟城"),
    ("city", "zh", "用户住在怡保", "用户现在住在新山"),
    ("city", "zh", "我住在吉隆坡", "已经搬到新加坡了"),
    ("city", "zh", "住在怡保", "从怡保搬到了槟城"),
    ("city", "ms", "Tinggal di Ipoh", "Sudah pindah ke Pulau Pinang"),
    ("city", "ms", "Pengguna tinggal di Johor Bahru", "Pengguna kini tinggal di Shah Alam"),
    ("city", "ms", "Saya tinggal di Kuantan", "Berpindah ke Kuala Lumpur"),
    # employer
    ("employer", "en", "Works at Petronas", "Now works at Shell"),
    ("employer", "en", "Works for Maybank", "Started a new job at CIMB"),
    ("employer", "en", "The user works at Intel in Penang", "The user works at AMD"),
    ("employer", "fr", "Travaille chez Airbus", "Travaille désormais chez Thales"),
    ("employer", "fr", "L'utilisateur travaille chez Orange", "L'utilisateur a été embauché chez Free"),
    ("employer", "fr", "Travaille pour Capgemini", "Travaille chez Sopra Steria"),
    ("employer", "zh", "在马来亚银行工作", "在联昌银行工作"),
    ("employer", "zh", "用户在云顶集团上班", "用户现在在亚航公司上班"),
    ("employer", "zh", "就职于华为公司", "跳槽到了腾讯公司"),
    ("employer", "ms", "Bekerja di Maybank", "Kini bekerja di CIMB"),
    ("employer", "ms", "Pengguna bekerja dengan Petronas", "Pengguna bekerja dengan Shell"),
    ("employer", "ms", "Bekerja di Hospital Ipoh", "Bekerja di Hospital Pulau Pinang"),
    # occupation
    ("occupation", "en", "Works as a nurse", "Works as a pharmacist"),
    ("occupation", "en", "Is a teacher by profession", "Now works as a software engineer"),
    ("occupation", "en", "The user works as an accountant", "The user works as a lawyer"),
    ("occupation", "fr", "Travaille comme infirmière", "Travaille comme sage-femme"),
    ("occupation", "fr", "Est comptable de profession", "Travaille en tant qu'avocate"),
    ("occupation", "fr", "Exerce le métier de boulanger", "Travaille comme cuisinier"),
    ("occupation", "zh", "是一名护士", "用户是一名药剂师"),
    ("occupation", "zh", "职业是老师", "职业是律师"),
    ("occupation", "zh", "用户是会计师", "现在是工程师"),
    ("occupation", "ms", "Bekerja sebagai jururawat", "Bekerja sebagai guru"),
    ("occupation", "ms", "Pekerjaan: akauntan", "Pekerjaan: peguam"),
    ("occupation", "ms", "Pengguna bekerja sebagai pemandu", "Pengguna kini bekerja sebagai tukang masak"),
    # delivery address
    ("delivery", "en", "Delivery address is 12 Jalan Ampang", "Wants deliveries sent to the office in Cyberjaya"),
    (
        "delivery",
        "en",
        "Shipping address: 5 Jalan Tun Razak, Kuala Lumpur",
        "Delivery address changed to 8 Lorong Kulit, Penang",
    ),
    ("delivery", "en", "Wants parcels delivered to her office", "Delivery address is now 21 Persiaran Gurney"),
    (
        "delivery",
        "fr",
        "Adresse de livraison : 3 rue des Lilas, Tournefeuille",
        "Adresse de livraison : 12 avenue Foch, Paris",
    ),
    ("delivery", "fr", "Se fait livrer au bureau", "Adresse de livraison est désormais 8 rue Alsace-Lorraine"),
    ("delivery", "fr", "Veut être livrée chez sa mère", "Se fait livrer au point relais de la gare"),
    ("delivery", "zh", "收货地址是吉隆坡安邦路12号", "收货地址改为槟城椰脚街8号"),
    ("delivery", "zh", "快递寄到公司", "收货地址改成家里"),
    ("delivery", "zh", "送货地址：新山士古来路3号", "收货地址更新为新山大学城5号"),
    (
        "delivery",
        "ms",
        "Alamat penghantaran: No. 5, Jalan Tun Razak",
        "Alamat penghantaran ditukar ke No. 8, Jalan Ipoh",
    ),
    ("delivery", "ms", "Mahu barang dihantar ke pejabat di Cyberjaya", "Alamat penghantaran ialah 12 Jalan Ampang"),
    ("delivery", "ms", "Bungkusan perlu dihantar ke rumah ibu", "Bungkusan perlu dihantar ke pejabat"),
    # phone
    ("phone", "en", "Phone number is 012-345 6789", "Phone number is now 019-876 5432"),
    ("phone", "en", "Mobile: +60 12 345 6789", "Mobile number changed to +60 17 222 3333"),
    ("phone", "en", "Can be reached at 03-1234 5678", "WhatsApp number is +60 11 2345 6789"),
    ("phone", "fr", "Numéro de téléphone : 06 12 34 56 78", "Numéro de téléphone : 07 98 76 54 32"),
    ("phone", "fr", "Son numéro de portable est le 06 11 22 33 44", "Portable : 06 55 44 33 22"),
    ("phone", "fr", "Portable : 06 00 00 00 01", "Téléphone : 06 55 44 33 22"),
    ("phone", "zh", "手机号是13812345678", "手机号改为13987654321"),
    ("phone", "zh", "电话：012-3456789", "电话号码是019-8765432"),
    ("phone", "zh", "用户的手机号码是0123456789", "用户手机换成了0198765432"),
    ("phone", "ms", "Nombor telefon: 012-345 6789", "Nombor telefon baru: 019-876 5432"),
    ("phone", "ms", "No. telefon pengguna ialah 011-2345 6789", "No. telefon pengguna ialah 017-222 3333"),
    ("phone", "ms", "Nombor handphone 013-456 7890", "Telefon bimbit: 016-789 0123"),
    # e-mail
    ("email", "en", "Email is marc@example.com", "Email address changed to marc.d@example.org"),
    ("email", "en", "The user's email: ali@gmail.com", "Can be reached at ali.b@yahoo.com"),
    ("email", "en", "Email: a@b.com", "Email is now c@d.com"),
    ("email", "fr", "Adresse e-mail : marc@free.fr", "Adresse e-mail : marc@orange.fr"),
    ("email", "fr", "Courriel : lea@laposte.net", "Son e-mail est lea.m@gmail.com"),
    ("email", "fr", "E-mail : jo@sfr.fr", "Adresse électronique : jo@ik.me"),
    ("email", "zh", "邮箱是wang@qq.com", "邮箱改为wang@163.com"),
    ("email", "zh", "电子邮件：li@126.com", "电子邮箱是li@gmail.com"),
    ("email", "zh", "用户的邮箱是a@qq.com", "邮箱换成了b@qq.com"),
    ("email", "ms", "Emel: aisyah@gmail.com", "Emel baru: aisyah.k@yahoo.com"),
    ("email", "ms", "Alamat emel pengguna ialah ali@tm.my", "Alamat emel pengguna ialah ali@gmail.com"),
    ("email", "ms", "E-mel: siti@ump.edu.my", "Emel: siti@gmail.com"),
    # the user's own name
    ("name", "en", "Name is Marc", "Name is Mark"),
    ("name", "en", "My name is Aisha", "My name is Aisyah"),
    ("name", "en", "The user's name is Wei Jie", "The user's name is Jason Tan"),
    ("name", "fr", "S'appelle Marc", "S'appelle Marco"),
    ("name", "fr", "L'utilisateur s'appelle Léa", "Prénom : Lina"),
    ("name", "fr", "Je m'appelle Hélène", "S'appelle Héloïse"),
    ("name", "zh", "名字是王芳", "名字是王芬"),
    ("name", "zh", "我叫李明", "我的名字叫李鸣"),
    ("name", "zh", "姓名：陈小明", "姓名：陈晓明"),
    ("name", "ms", "Nama saya Aisyah", "Nama saya Aishah"),
    ("name", "ms", "Nama pengguna ialah Ahmad", "Nama pengguna ialah Rizal"),
    ("name", "ms", "Bernama Siti", "Nama penuh: Nurul Huda"),
]

# (key, lang, old, new): the new statement must not supersede the stored one.
KEEP = [
    # city: relatives, another key, past, travel, plans, more than the key, country vs city
    ("city", "en", "Lives in Ipoh", "Sister lives in Penang"),
    ("city", "en", "Lives in Ipoh", "Works in Penang"),
    ("city", "en", "Lives in Ipoh", "Lived in Penang as a child"),
    ("city", "en", "Lives in Ipoh", "Travels to Penang often"),
    ("city", "en", "Lives in Ipoh", "Plans to move to Penang next year"),
    ("city", "en", "Lives in Ipoh and has two cats", "Moved to Penang"),
    ("city", "en", "Lives in Malaysia", "Lives in Ipoh"),
    ("city", "en", "Lives in Ipoh", "She lives in Penang"),
    ("city", "en", "Lives in Ipoh", "The user is based in Penang for two weeks"),
    ("city", "en", "Lives in Ipoh", "Moved to the Penang office"),
    ("city", "en", "Lives in Ipoh", "Lives in Penang on weekends"),
    ("city", "fr", "Habite à Lyon", "Son frère habite à Toulouse"),
    ("city", "fr", "Habite à Lyon", "Habitait à Toulouse quand elle était étudiante"),
    ("city", "fr", "Habite à Lyon", "Va déménager à Toulouse"),
    ("city", "fr", "Habite à Lyon", "Travaille à Toulouse"),
    ("city", "fr", "Habite en France", "Habite à Lyon"),
    ("city", "zh", "住在吉隆坡", "他妹妹住在怡保"),
    ("city", "zh", "住在吉隆坡", "小时候住在怡保"),
    ("city", "zh", "住在吉隆坡", "打算搬到槟城"),
    ("city", "zh", "住在吉隆坡", "经常去槟城出差"),
    ("city", "zh", "住在吉隆坡", "在怡保工作"),
    ("city", "zh", "住在吉隆坡", "有个妹妹，住在怡保"),
    ("city", "ms", "Tinggal di Ipoh", "Kakak tinggal di Johor Bahru"),
    ("city", "ms", "Tinggal di Ipoh", "Pernah tinggal di Melaka"),
    ("city", "ms", "Tinggal di Ipoh", "Akan pindah ke Penang bulan depan"),
    ("city", "ms", "Tinggal di Ipoh", "Bekerja di Kuala Lumpur"),
    ("city", "ms", "Tinggal di Ipoh", "Tinggal di Penang semasa kecil"),
    ("city", "ms", "Tinggal di Ipoh", "Tinggal di Hotel Seri Malaysia Penang"),
    # employer
    ("employer", "en", "Works at Petronas", "Husband works at Shell"),
    ("employer", "en", "Works at Petronas", "Works as an engineer"),
    ("employer", "en", "Works at Petronas", "Used to work at Shell"),
    ("employer", "en", "Works at Petronas", "Wants to work at Shell someday"),
    ("employer", "en", "Works at Petronas as an engineer", "Now works at Shell"),
    ("employer", "en", "Works at Petronas", "Also works at Shell on weekends"),
    ("employer", "en", "Works at Petronas", "Works at Shell part-time"),
    ("employer", "fr", "Travaille chez Airbus", "Sa femme travaille chez Thales"),
    ("employer", "fr", "Travaille chez Airbus", "Travaillait chez Thales"),
    ("employer", "fr", "Travaille chez Airbus", "Travaille comme ingénieure"),
    ("employer", "fr", "Travaille chez Airbus", "Aimerait travailler chez Thales"),
    ("employer", "zh", "在马来亚银行工作", "他哥哥在联昌银行工作"),
    ("employer", "zh", "在马来亚银行工作", "以前在联昌银行工作"),
    ("employer", "zh", "在马来亚银行工作", "在吉隆坡工作"),
    ("employer", "zh", "在马来亚银行工作", "打算跳槽到联昌银行"),
    ("employer", "ms", "Bekerja di Maybank", "Suami bekerja di CIMB"),
    ("employer", "ms", "Bekerja di Maybank", "Pernah bekerja di CIMB"),
    ("employer", "ms", "Bekerja di Maybank", "Bekerja di Ipoh"),
    ("employer", "ms", "Bekerja di Maybank", "Bekerja sebagai kerani"),
    # occupation
    ("occupation", "en", "Works as a nurse", "Wife works as a teacher"),
    ("occupation", "en", "Works as a nurse", "Worked as a teacher before"),
    ("occupation", "en", "Works as a nurse", "Works at Sunway Medical Centre"),
    ("occupation", "fr", "Travaille comme infirmière", "Son mari travaille comme médecin"),
    ("occupation", "fr", "Travaille comme infirmière", "Travaillait comme serveuse"),
    ("occupation", "fr", "Travaille comme infirmière", "Travaille chez Clinique Pasteur"),
    ("occupation", "zh", "是一名护士", "她妈妈是一名老师"),
    ("occupation", "zh", "是一名护士", "以前是老师"),
    ("occupation", "zh", "是一名护士", "是素食者"),
    ("occupation", "ms", "Bekerja sebagai jururawat", "Ibu bekerja sebagai guru"),
    ("occupation", "ms", "Bekerja sebagai jururawat", "Dulu bekerja sebagai guru"),
    ("occupation", "ms", "Bekerja sebagai jururawat", "Bekerja di Hospital Ipoh"),
    # delivery address
    ("delivery", "en", "Delivery address is 12 Jalan Ampang", "Mother's delivery address is 3 Jalan Gasing"),
    ("delivery", "en", "Delivery address is 12 Jalan Ampang", "Lives at 5 Jalan Gasing"),
    ("delivery", "en", "Delivery address is 12 Jalan Ampang", "Delivery address was 3 Jalan Gasing until March"),
    ("delivery", "fr", "Adresse de livraison : 3 rue des Lilas", "Sa sœur se fait livrer au 5 rue Pasteur"),
    ("delivery", "fr", "Adresse de livraison : 3 rue des Lilas", "Habite au 10 rue Pasteur"),
    ("delivery", "fr", "Adresse de livraison : 3 rue des Lilas", "Se faisait livrer au bureau avant"),
    ("delivery", "zh", "收货地址是吉隆坡安邦路12号", "妈妈的收货地址是怡保"),
    ("delivery", "zh", "收货地址是吉隆坡安邦路12号", "家庭住址是槟城椰脚街8号"),
    ("delivery", "zh", "收货地址是吉隆坡安邦路12号", "以前的收货地址是新山"),
    ("delivery", "ms", "Alamat penghantaran: No. 5, Jalan Tun Razak", "Alamat penghantaran kakak: No. 9, Jalan Ipoh"),
    ("delivery", "ms", "Alamat penghantaran: No. 5, Jalan Tun Razak", "Alamat rumah: No. 9, Jalan Ipoh"),
    ("delivery", "ms", "Alamat penghantaran: No. 5, Jalan Tun Razak", "Dulu barang dihantar ke pejabat"),
    # phone: someone else's, the same number written another way, another number
    ("phone", "en", "Phone number is 012-345 6789", "Wife's phone number is 019-876 5432"),
    ("phone", "en", "Phone number is 012-345 6789", "Phone number is +60 12-345 6789"),
    ("phone", "en", "Phone number is 012-345 6789", "Office phone is 03-2222 3333"),
    ("phone", "fr", "Numéro de téléphone : 06 12 34 56 78", "Le numéro de sa mère est 06 98 76 54 32"),
    ("phone", "fr", "Numéro de téléphone : 06 12 34 56 78", "Téléphone : +33 6 12 34 56 78"),
    ("phone", "fr", "Numéro de téléphone : 06 12 34 56 78", "Numéro de client : 12345678"),
    ("phone", "zh", "手机号是13812345678", "妈妈的手机号是13987654321"),
    ("phone", "zh", "手机号是13812345678", "手机号是+86 138 1234 5678"),
    ("phone", "zh", "手机号是13812345678", "订单号是12345678901"),
    ("phone", "ms", "Nombor telefon: 012-345 6789", "Nombor telefon suami: 019-876 5432"),
    ("phone", "ms", "Nombor telefon: 012-345 6789", "Nombor telefon: +6012-345 6789"),
    ("phone", "ms", "Nombor telefon: 012-345 6789", "Nombor akaun: 1234567890"),
    # e-mail
    ("email", "en", "Email is marc@example.com", "Boss's email is boss@example.com"),
    ("email", "en", "Email is marc@example.com", "EMAIL is Marc@Example.com"),
    ("email", "en", "Email is marc@example.com", "Sent an email to hr@example.com"),
    ("email", "fr", "Adresse e-mail : marc@free.fr", "L'e-mail de son fils est leo@free.fr"),
    ("email", "fr", "Adresse e-mail : marc@free.fr", "Adresse e-mail : Marc@Free.fr"),
    ("email", "fr", "Adresse e-mail : marc@free.fr", "A écrit à contact@airbus.com"),
    ("email", "zh", "邮箱是wang@qq.com", "老板的邮箱是boss@qq.com"),
    ("email", "zh", "邮箱是wang@qq.com", "邮箱是WANG@qq.com"),
    ("email", "zh", "邮箱是wang@qq.com", "给hr@qq.com发了邮件"),
    ("email", "ms", "Emel: aisyah@gmail.com", "Emel bos: bos@gmail.com"),
    ("email", "ms", "Emel: aisyah@gmail.com", "Emel: Aisyah@Gmail.com"),
    ("email", "ms", "Emel: aisyah@gmail.com", "Menghantar emel kepada hr@tm.my"),
    # name: a relative's or a pet's, the preferred name (another key), the same name
    ("name", "en", "My name is Aisha", "Her daughter's name is Sofia"),
    ("name", "en", "Name is Marc", "Goes by Marco"),
    ("name", "en", "My name is Aisha", "Her name is Luna"),
    ("name", "en", "Name is Marc Dupont", "Name is Marc"),
    ("name", "fr", "S'appelle Marc", "Son fils s'appelle Léo"),
    ("name", "fr", "S'appelle Marc", "Se fait appeler Marco"),
    ("name", "fr", "S'appelle Marc Dupont", "Prénom : Marc"),
    ("name", "zh", "名字是王芳", "女儿的名字是美玲"),
    ("name", "zh", "名字是王芳", "以前的名字是王小芳"),
    ("name", "zh", "我叫王芳", "我叫王芳，是一名护士"),
    ("name", "ms", "Nama saya Aisyah", "Nama anak saya Sofia"),
    ("name", "ms", "Nama saya Aisyah", "Dipanggil Syah"),
    ("name", "ms", "Nama saya Aisyah", "Dulu bernama Aisyah Ahmad"),
]


def _ids(rows: list[tuple[str, str, str, str]]) -> list[str]:
    return [f"{key}-{lang}-{i}" for i, (key, lang, _, _) in enumerate(rows)]


@pytest.mark.parametrize(("key", "lang", "old", "new"), SUPERSEDE, ids=_ids(SUPERSEDE))
def test_a_changed_keyed_value_supersedes(key: str, lang: str, old: str, new: str) -> None:
    d = run(old, new)
    assert (d.action, d.target_id) == ("supersede", 1), d.reason
    assert d.reason.startswith("updates #1:"), d.reason


@pytest.mark.parametrize(("key", "lang", "old", "new"), SUPERSEDE, ids=_ids(SUPERSEDE))
def test_an_older_statement_arriving_later_is_history(key: str, lang: str, old: str, new: str) -> None:
    """The same pairs in time order reversed: the stored memory is the newer statement;
    the older one arrives last and is absorbed as its history (nothing superseded)."""
    d = run(new, old, old_at=LATE, new_at=EARLY)
    assert (d.action, d.target_id) == ("absorb", 1), d.reason


@pytest.mark.parametrize(("key", "lang", "old", "new"), KEEP, ids=_ids(KEEP))
def test_no_supersede(key: str, lang: str, old: str, new: str) -> None:
    d = run(old, new)
    assert d.action != "supersede", d.reason


def test_every_key_and_language_has_three_cases_each_way() -> None:
    for table in (SUPERSEDE, KEEP):
        for key in ("city", "employer", "occupation", "delivery", "phone", "email", "name"):
            for lang in ("en", "fr", "zh", "ms"):
                assert sum(1 for k, la, _, _ in table if (k, la) == (key, lang)) >= 3, (key, lang)


def test_same_value_is_left_to_dedup() -> None:
    assert run("Lives in Ipoh", "Lives in Ipoh.").action == "absorb"
    assert run("Vit à Ipoh", "Vit à Ipoh avec sa femme Hélène").action == "replace"
    assert run("Lives in Ipoh", "Lives in Ipoh, Perak").action != "supersede"
    assert run("Lives in Ipoh", "Moved to Ipoh").action == "insert"  # a redite, not a correction


def test_a_disagreeing_memory_is_never_a_duplicate() -> None:
    """Without the keys these two score ≥ 0.80 (same carriers, long shared wording): the
    poorer new employer would have been absorbed, the change lost."""
    old = "Works at Bank Negara Malaysia as a senior credit risk analyst in Kuala Lumpur"
    new = "Works at Bank Islam as a senior credit risk analyst in Kuala Lumpur"
    d = run(old, new)
    assert (d.action, d.target_id) == ("supersede", 1)


def test_the_most_recent_outdated_memory_is_superseded() -> None:
    mid = datetime(2024, 6, 1, tzinfo=timezone.utc)
    existing = [stored(1, "Lives in Ipoh", EARLY), stored(2, "Lives in Johor Bahru", mid)]
    d = decide(Candidate("Moved to Penang", time=LATE), existing, LATE)
    assert (d.action, d.target_id) == ("supersede", 2)


def test_an_older_statement_goes_to_the_first_newer_memory() -> None:
    mid = datetime(2024, 6, 1, tzinfo=timezone.utc)
    existing = [stored(1, "Lives in Penang", LATE), stored(2, "Lives in Johor Bahru", mid)]
    d = decide(Candidate("Lives in Ipoh", time=EARLY), existing, LATE)
    assert (d.action, d.target_id) == ("absorb", 2)


def test_an_older_statement_saying_more_than_the_key_is_inserted() -> None:
    d = run("Moved to Penang", "Lives in Ipoh and has two cats", old_at=LATE, new_at=EARLY)
    assert d.action == "insert"


def test_same_moment_is_judged_by_arrival() -> None:
    assert run("Lives in Ipoh", "Lives in Penang", new_at=EARLY).action == "supersede"


def test_other_scopes_and_inactive_memories_are_not_superseded() -> None:
    existing = [
        Memory(1, 1, "Lives in Ipoh", scope="story", story_id=3, created_at=EARLY, updated_at=EARLY),
        Memory(2, 1, "Lives in Ipoh", status="superseded", created_at=EARLY, updated_at=EARLY),
    ]
    assert decide(Candidate("Moved to Penang", time=LATE), existing, LATE).action == "insert"


# --------------------------------------------------------------------------- end to end


def _engine() -> Engine:
    return Engine(open_store("sqlite:///:memory:"))


def test_engine_supersedes_the_old_city_and_keeps_it_as_history() -> None:
    e = _engine()
    e.remember("cli", "u", Candidate(text="Lives in Ipoh", time=EARLY), now=EARLY)
    e.remember("cli", "u", Candidate(text="Works at Petronas", time=EARLY), now=EARLY)
    moved = e.remember("cli", "u", Candidate(text="Moved to Penang", time=LATE), now=LATE)
    assert moved.action == "supersede"
    active = {m.text: m for m in e.memories("cli", "u")}
    assert set(active) == {"Moved to Penang", "Works at Petronas"}
    assert active["Moved to Penang"].updated_at == LATE
    user_id = e.store.find_user("cli", "u")
    assert "Lives in Ipoh" in [text for text, _ in e.store.history_texts(user_id)]
    (old,) = e.memories("cli", "u", status="superseded")
    assert (old.text, old.created_at, old.status) == ("Lives in Ipoh", EARLY, "superseded")
    assert moved.superseded_id == old.id


def test_engine_keeps_an_older_employer_as_history_and_a_relative_apart() -> None:
    e = _engine()
    mid = datetime(2024, 9, 1, tzinfo=timezone.utc)
    assert e.remember("cli", "u", Candidate(text="在马来亚银行工作", time=EARLY), now=EARLY).action == "insert"
    assert e.remember("cli", "u", Candidate(text="在联昌银行工作", time=LATE), now=LATE).action == "supersede"
    late_arrival = e.remember("cli", "u", Candidate(text="在丰隆银行工作", time=mid), now=LATE)
    assert late_arrival.action == "absorb"
    assert e.remember("cli", "u", Candidate(text="他哥哥在大众银行工作", time=LATE), now=LATE).action == "insert"
    active = sorted(m.text for m in e.memories("cli", "u"))
    assert active == ["他哥哥在大众银行工作", "在联昌银行工作"]
    user_id = e.store.find_user("cli", "u")
    history = [text for text, _ in e.store.history_texts(user_id)]
    assert "在马来亚银行工作" in history and "在丰隆银行工作" in history
