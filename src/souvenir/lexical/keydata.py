"""Closed word lists for the keyed values of ``keys.py`` (FR / EN / ZH / MS).

Nothing here has behaviour. Latin entries are *folded*: casefolded, accents removed,
hyphens read as spaces (``keys.fold``), so "Île-de-France" is "ile de france". Chinese
entries are plain strings.

What each list is for, and what it costs when it is incomplete:

* ``COUNTRIES`` / ``REGIONS``: a place value found here is a country or a region
  (state, province), a different key from the city. "Lives in Malaysia" and "Lives in
  Ipoh" are both true; only a country replaces a country. A country missing from the
  list is read as a city: "Lives in Bhutan" would then be replaced by "Lives in
  Thimphu" (the old one goes to history, it is not deleted).
* ``CITIES`` and ``PLACE_PREFIXES``: only used to refuse a *place* as an employer
  ("Bekerja di Ipoh", "Works at Cyberjaya"): Malay "di" and Chinese 在 say both "at
  a company" and "in a town". A town missing here could be read as an employer; an
  employer that starts like a place ("Kota Bharu Clinic") is read as no employer.
* ``RELATIONS``: other people ("Sister lives in Ipoh"); a clause about them never
  gives the user a key, and neither do the clauses that follow it in the sentence.
* ``BARE_VERBS``: words that open a subject-less note ("Is a nurse and works at
  Petronas"): the clause after "and" keeps the user as its subject.
* ``ZH_ORG_SUFFIXES`` / ``ZH_OCCUPATION_SUFFIXES``: 在X工作 gives an employer only when X
  ends like an organisation (马来亚银行, not 吉隆坡); 是X gives an occupation only when X
  ends like a trade (工程师, 护士), never for 是素食者.
"""

from __future__ import annotations

__all__ = [
    "COUNTRIES",
    "REGIONS",
    "ZH_COUNTRIES",
    "ZH_REGIONS",
    "CITIES",
    "ZH_CITIES",
    "PLACE_PREFIXES",
    "STREET_WORDS",
    "ZH_STREET_SUFFIXES",
    "RELATIONS",
    "ZH_RELATIONS",
    "BARE_VERBS",
    "ZH_BARE_VERBS",
    "THIRD_PERSON",
    "ZH_ORG_SUFFIXES",
    "ZH_OCCUPATION_SUFFIXES",
    "OCCUPATION_ENDINGS",
    "OCCUPATION_WORDS",
    "NOT_A_TRADE",
    "ZH_NOT_A_PLACE",
    "ZH_HOME_WORDS",
    "NOT_A_TOWN",
    "NOT_AN_OCCUPATION",
    "WORKPLACE_WORDS",
    "ZH_WORKPLACE_SUFFIXES",
    "ZH_PLACES_OF_WORK",
    "NOT_AN_EMPLOYER",
    "ABBREVIATIONS",
]


def _words(block: str) -> frozenset[str]:
    """Entries separated by commas (an entry may contain spaces)."""
    return frozenset(" ".join(w.split()) for w in block.split(",") if w.strip())


COUNTRIES: frozenset[str] = _words("""
malaysia, indonesia, thailand, thailande, vietnam, viet nam, philippines, filipina, brunei, myanmar,
burma, cambodia, cambodge, kemboja, laos, china, chine, japan, japon, jepun, korea, south korea,
coree, coree du sud, korea selatan, taiwan, india, inde, pakistan, bangladesh, sri lanka, nepal,
australia, australie, new zealand, nouvelle zelande, selandia baru, united states, united states of
america, usa, the us, america, etats unis, amerika syarikat, amerika, canada, mexique, brazil,
bresil, argentina, argentine, chile, chili, peru, perou, colombia, colombie, united kingdom, uk,
britain, great britain, royaume uni, england, angleterre, scotland, ecosse, wales, pays de galles,
ireland, irlande, france, perancis, germany, allemagne, jerman, spain, espagne, sepanyol, portugal,
italy, italie, itali, switzerland, suisse, belgium, belgique, netherlands, the netherlands, pays
bas, belanda, holland, sweden, suede, norway, norvege, denmark, danemark, finland, finlande, poland,
pologne, austria, autriche, greece, grece, turkey, turquie, russia, russie, ukraine, egypt, egypte,
morocco, maroc, algeria, algerie, tunisia, tunisie, senegal, nigeria, kenya, south africa, afrique
du sud, saudi arabia, arabie saoudite, arab saudi, uae, united arab emirates, emirats arabes unis,
qatar, israel, iran, iraq, malaisie, indonesie, thailande, japon, vietnam
""")

REGIONS: frozenset[str] = _words("""
selangor, johor, perak, kedah, kelantan, terengganu, pahang, negeri sembilan, perlis, sabah,
sarawak, bretagne, brittany, normandie, normandy, occitanie, provence, alsace, lorraine, bourgogne,
auvergne, ile de france, corse, corsica, aquitaine, nouvelle aquitaine, savoie, haute savoie, gers,
dordogne, vendee, california, texas, florida, bavaria, baviere, ontario, catalonia, catalogne
""")

ZH_COUNTRIES: frozenset[str] = frozenset(
    "马来西亚 大马 印尼 印度尼西亚 泰国 越南 菲律宾 文莱 缅甸 柬埔寨 老挝 中国 日本 韩国 台湾 印度 "
    "澳大利亚 澳洲 新西兰 美国 加拿大 英国 法国 德国 西班牙 意大利 荷兰 瑞士 俄罗斯 巴西".split()
)
ZH_REGIONS: frozenset[str] = frozenset(
    "雪兰莪 柔佛 霹雳 吉打 吉兰丹 登嘉楼 丁加奴 彭亨 森美兰 玻璃市 沙巴 砂拉越 砂劳越".split()
)

# Towns, for refusing a place as an employer only (see the module docstring). City
# states (Singapore, Hong Kong) and Malaysian city-states-of-a-kind (Penang, Melaka)
# are cities: "Lives in Singapore" is replaced by "Moved to Ipoh".
CITIES: frozenset[str] = _words("""
kuala lumpur, kl, petaling jaya, pj, shah alam, subang jaya, subang, klang, putrajaya, cyberjaya,
ipoh, penang, pulau pinang, george town, georgetown, butterworth, johor bahru, jb, melaka, malacca,
seremban, kuantan, kota bharu, kuala terengganu, alor setar, kota kinabalu, kuching, miri, sibu,
sandakan, taiping, nilai, puchong, cheras, ampang, bangsar, mont kiara, kajang, rawang, bangi,
sepang, langkawi, muar, batu pahat, kluang, singapore, singapura, singapour, jakarta, bangkok, hong kong,
tokyo, beijing, shanghai, taipei, sydney, melbourne, dubai, london, paris, lyon, toulouse,
tournefeuille, blagnac, marseille, nice, nantes, bordeaux, lille, strasbourg, montpellier, rennes,
grenoble, new york
""")

ZH_CITIES: frozenset[str] = frozenset(
    "吉隆坡 八打灵再也 莎阿南 梳邦再也 巴生 布城 赛城 怡保 槟城 槟榔屿 乔治市 北海 新山 马六甲 芙蓉 关丹 "
    "哥打巴鲁 瓜拉登嘉楼 亚罗士打 亚庇 古晋 诗巫 美里 山打根 太平 新加坡 香港 北京 上海 广州 深圳 台北 "
    "东京 伦敦 巴黎 杭州 苏州 福州 郑州 兰州 温州 徐州 扬州 常州 泉州 台州 惠州 贵阳 成都 重庆 天津 南京 武汉 西安 "
    "长沙 厦门 青岛 大连 沈阳 哈尔滨 昆明 南宁 合肥 济南 宁波 无锡 珠海 东莞 佛山 澳门 台中 高雄 纽约 悉尼 墨尔本".split()
)

# First words of place names (Malay and others), for refusing a place as an employer.
PLACE_PREFIXES: frozenset[str] = _words("""
kuala, kota, bandar, pulau, kampung, kampong, kg, taman, bukit, sungai, sg, tanjung, tg, teluk,
batu, pasir, alor, port, seri, sri, petaling, shah, subang, saint, st, sainte, ste, san, santa, los,
las, new, fort, mount, mont, lake, lac
""")

# Words that make a place value a street address instead of a town ("Tinggal di
# No. 12, Jalan Ampang", "Habite au 3 rue des Lilas").
STREET_WORDS: frozenset[str] = _words("""
no, lot, blok, block, unit, apt, apartment, flat, jalan, jln, jl, lorong, lrg, persiaran, lebuh,
lebuhraya, street, st, road, rd, avenue, ave, av, lane, drive, boulevard, bd, blvd, rue, allee,
impasse, chemin, place, route, quai, cours
""")

ZH_STREET_SUFFIXES: tuple[str, ...] = ("路", "街", "道", "巷", "弄", "号", "楼", "室", "座", "栋", "单元", "花园")

RELATIONS: frozenset[str] = _words("""
wife, husband, partner, boyfriend, girlfriend, son, daughter, kid, kids, child, children, baby, mom,
mum, mother, dad, father, parents, parent, brother, brothers, sister, sisters, sibling, siblings,
grandma, grandmother, grandpa, grandfather, uncle, aunt, auntie, cousin, nephew, niece, friend,
friends, neighbour, neighbor, colleague, coworker, boss, manager, tenant, landlord, landlady,
roommate, flatmate, fiance, fiancee, spouse, family, femme, mari, conjoint, conjointe, compagnon,
compagne, copain, copine, fils, fille, enfant, enfants, bebe, mere, maman, pere, papa, frere,
freres, soeur, soeurs, grand mere, grand pere, oncle, tante, cousine, neveu, ami, amie, amis,
voisin, voisine, collegue, patron, locataire, proprietaire, coloc, colocataire, famille, isteri,
suami, anak, ibu, emak, mak, bapa, ayah, abah, abang, kakak, adik, nenek, datuk, atuk, cucu, sepupu,
kawan, rakan, sahabat, jiran, bos, majikan, penyewa, tunang, pakcik, makcik, keluarga
""")

ZH_RELATIONS: tuple[str, ...] = (
    "老婆",
    "老公",
    "妻子",
    "丈夫",
    "太太",
    "爱人",
    "男朋友",
    "女朋友",
    "男友",
    "女友",
    "儿子",
    "女儿",
    "孩子",
    "小孩",
    "宝宝",
    "妈妈",
    "母亲",
    "爸爸",
    "父亲",
    "父母",
    "爸妈",
    "哥哥",
    "姐姐",
    "弟弟",
    "妹妹",
    "兄弟",
    "姐妹",
    "奶奶",
    "爷爷",
    "外婆",
    "外公",
    "叔叔",
    "阿姨",
    "舅舅",
    "姑姑",
    "表哥",
    "表姐",
    "表弟",
    "表妹",
    "朋友",
    "同学",
    "邻居",
    "同事",
    "老板",
    "房东",
    "室友",
    "家人",
    "闺蜜",
    "猫",
    "狗",
)

# Subject-less notes open with a verb: "Is a nurse and works at Petronas", or with its
# negation: "No longer lives in Ipoh, moved to Penang".
BARE_VERBS: frozenset[str] = _words("""
no, not, never, doesn't, don't, n', ne, tidak, tak, bukan, belum,
is, has, likes, loves, enjoys, prefers, hates, works, work, lives, live, moved, speaks, drinks,
eats, plays, owns, uses, studies, teaches, wants, needs, goes, visits, travels, drives, reads,
watches, cooks, keeps, does, got, bought, started, quit, joined, left, became, runs, est, a, aime,
adore, prefere, deteste, travaille, habite, vit, parle, mange, boit, joue, possede, utilise, etudie,
enseigne, veut, doit, va, fait, prend, cherche, vient, s'est, conduit, suka, gemar, minat, ada,
mempunyai, punya, bekerja, berkerja, kerja, tinggal, menetap, pindah, berpindah, belajar, sedang,
mengajar, makan, minum, memandu, bermain, main, menggunakan, guna, seorang
""")

ZH_BARE_VERBS: tuple[str, ...] = (
    "不",
    "没",
    "喜欢",
    "爱",
    "讨厌",
    "是",
    "在",
    "住",
    "搬",
    "养",
    "吃",
    "喝",
    "会",
    "每天",
    "经常",
    "常",
    "正在",
    "学",
    "开",
    "用",
    "做",
    "当",
    "担任",
    "就职",
    "任职",
)

# A subject that is not the user; with it the clause gives no key (and neither do the
# clauses of the sentence that follow it without a subject of their own).
THIRD_PERSON: frozenset[str] = _words("""
he, she, they, il, elle, ils, elles, dia, beliau, mereka
""")

ZH_ORG_SUFFIXES: tuple[str, ...] = (
    "银行",
    "公司",
    "集团",
    "医院",
    "诊所",
    "学校",
    "大学",
    "学院",
    "中学",
    "小学",
    "幼儿园",
    "政府",
    "部门",
    "局",
    "署",
    "厅",
    "工厂",
    "厂",
    "商店",
    "酒店",
    "饭店",
    "餐厅",
    "餐馆",
    "超市",
    "商场",
    "事务所",
    "研究所",
    "研究院",
    "中心",
    "机构",
    "协会",
    "基金会",
    "报社",
    "电视台",
    "航空",
    "科技",
    "企业",
    "银行",
    "店",
    "所",
    "院",
    "台",
    "社",
)

ZH_OCCUPATION_SUFFIXES: tuple[str, ...] = (
    "师",
    "教练",
    "顾问",
    "助理",
    "保姆",
    "裁缝",
    "博主",
    "员",
    "医生",
    "护士",
    "司机",
    "工人",
    "记者",
    "教授",
    "律师",
    "会计",
    "警察",
    "学生",
    "作家",
    "演员",
    "经理",
    "主管",
    "总监",
    "秘书",
    "农民",
    "商人",
    "军人",
    "厨",
    "工",
    "销售",
    "保安",
    "翻译",
    "导游",
    "老板",
    "客服",
    "前台",
    "收银",
    "店长",
    "编辑",
    "设计",
    "模特",
    "主播",
    "快递员",
    "外卖员",
    "骑手",
    "歌手",
    "助手",
    "水手",
    "选手",
    # a rank a promotion names (从骑手升成了站长, 升为组长): the titles ending in 长, and others
    "站长",
    "组长",
    "科长",
    "处长",
    "校长",
    "院长",
    "队长",
    "班长",
    "部长",
    "厂长",
    "行长",
    "所长",
    "局长",
    "船长",
    "机长",
    "车长",
    "主任",
    "领班",
    "店主",
    "总裁",
    "负责人",
    "合伙人",
)

# A trade in a Latin script, for a change told without a job word ("Switched from waiter to
# barista", "Bertukar daripada pemandu lori kepada mekanik"): both sides must look like one
# (an agent ending, or a word of the list), else "Switched from coffee to tea" would key tea.
OCCUPATION_ENDINGS: tuple[str, ...] = (
    "er",
    "or",
    "ist",
    "ian",
    "ant",
    "ent",
    "eer",
    "man",
    "woman",
    "ista",
    "ect",
    "eur",
    "euse",
    "rice",
    "ier",
    "iere",
    "iste",
    "ien",
    "ienne",
    "aire",
    "ante",
    "ente",
)
OCCUPATION_WORDS: frozenset[str] = _words("""
nurse, chef, cook, clerk, pilot, judge, coach, guard, nanny, cashier, surgeon, medic, paramedic,
vet, tailor, barista, lawyer, doctor, teacher, paralegal, midwife, dentist, analyst, architect,
sage femme, medecin, comptable, avocat, avocate, juge, pompier, maçon, macon, notaire, pilote, prof,
professeur, professeure, infirmier, infirmiere, serveur, serveuse, vendeur, vendeuse, cuisinier,
boulanger, boucher, caissier, caissiere, ebeniste, mecanicien, developpeur, ingenieur, ingenieure,
guru, cikgu, doktor, kerani, mekanik, akauntan, jurutera, jururawat, jurujual, juruteknik, polis,
askar, nelayan, petani, peguam, arkitek, tukang, usahawan, pemandu, penulis, pereka, pengurus,
pensyarah, pelukis, pembantu, pengawal, penjual, peniaga, posmen, secretary, receptionist, secretaire,
receptionniste, caissiere, juruwang, kerani, setiausaha, penyambut tetamu
""")
# Words with an agent ending that are no trade ("from smoker to non-smoker").
NOT_A_TRADE: frozenset[str] = _words("""
smoker, non smoker, drinker, beginner, user, owner, member, fumeur, non fumeur, debutant, debutante,
vegetarian, vegetarien, vegetarienne, vegan, runner, gamer, partner, other, winter, summer, water,
paper, dinner, center, centre, order, number, power, weather, lover
""")

# A Chinese place value is refused when it starts with one of these (a home, a
# building, a direction, someone's place), or contains one of ZH_HOME_WORDS.
ZH_NOT_A_PLACE: tuple[str, ...] = (
    "这",
    "那",
    "一",
    "某",
    "新家",
    "新房",
    "新的",
    "附近",
    "隔壁",
    "对面",
    "楼",
    "市中心",
    "郊区",
    "乡下",
    "老家",
    "家",
    "公司",
    "宿舍",
    "学校",
    "单位",
    "酒店",
    "宾馆",
    "医院",
    "外地",
    "国外",
    "海外",
    "城里",
)

ZH_HOME_WORDS: tuple[str, ...] = ("家里", "房子", "公寓", "宿舍", "那里", "这里", "那边", "这边", "家")

# First words of a capitalised place that is a building, not a town ("Tinggal di Hotel
# Seri Malaysia"): no town key.
NOT_A_TOWN: frozenset[str] = _words("""
hotel, hostel, hospital, hopital, asrama, rumah, apartment, apartments, kondominium, condo, condominium,
residence, residences, residensi, clinic, klinik, camp, kem, dorm, dormitory, university, universiti,
universite, college, kolej
""")

# A town followed by one of these is a workplace ("Moved to the Penang office"): no key.
WORKPLACE_WORDS: frozenset[str] = _words("""
office, offices, branch, campus, site, team, headquarters, hq, store, plant, factory, bureau, agence,
succursale, siege, usine, cawangan, pejabat, kilang, ibu pejabat
""")
ZH_WORKPLACE_SUFFIXES: tuple[str, ...] = ("分行", "办公室", "分公司", "总部", "校区", "分店", "工厂", "厂")

# Kinds of place of work with no name (在超市当收银员, 在工地做小工): 在X当Y keys the trade, no employer.
ZH_PLACES_OF_WORK: tuple[str, ...] = (
    "超市",
    "商场",
    "工地",
    "餐厅",
    "饭馆",
    "食堂",
    "车间",
    "仓库",
    "学校",
    "幼儿园",
    "诊所",
    "药房",
    "酒店",
    "宾馆",
    "工厂",
    "快递站",
    "网吧",
    "奶茶店",
    "咖啡馆",
    "健身房",
    "理发店",
    "菜市场",
    "加油站",
    "物流园",
)

# Not an occupation, whatever the pattern ("Works as a volunteer" says nothing of the job).
NOT_AN_OCCUPATION: frozenset[str] = _words("""
volunteer, benevole, sukarelawan, intern, stagiaire, pelatih, trainee, 志愿者, 义工, 实习生
""")

# Capitalised words after "works at / for" that are not an employer.
NOT_AN_EMPLOYER: frozenset[str] = _words("""
home, himself, herself, themselves, myself, remote, remotely, night, nights, weekends
""")

# A period after these does not end the sentence ("No. 12, Jalan Ampang").
ABBREVIATIONS: frozenset[str] = _words("""
no, jln, jl, st, dr, mr, mrs, ms, tel, apt, av, ave, bd, blvd, lrg, mt, ft, sdn, bhd, etc, vs, e.g,
i.e, n°
""")
