"""Issue #26, round 16 (session 17, lane write16): the kinds the blind round3_extra12 failed, each in
en / fr / zh / ms with wordings of our own and counter-examples, through the real write path
(``souvenir.bench.cases.run_case``; the line format is ``test_general_readers_write13``'s).

Kinds: a moved date (``lexical/restated.moved_date``), a correction naming the wrong value
(``names_wrong_value``), an amount said again in the same frame (``restates_amount``), a modifier
added or dropped (``elaborates``), a state told as the user's past then said over
(``write/filters/_past_state``), a request to forget with other verbs and a time after the telling
verb, « ne le note surtout pas », "does nothing for me" / « ça me dit plus rien » / 提不起兴趣 / "tak
ada feel", a Meet transcript « Nom (hh:mm) », quotes in plain ASCII single quotes, a telling verb
after its audience (逢人就讲, 见人就说); a state said to be over ("No longer a member…", ``ends_state``), a named
value swapped with a verb of switching (« est passé chez », 转学到, ``swaps_value``), an exclusive state
(office / remote, rented / owned, ``changes_state``).
"""

from __future__ import annotations

import pytest

from souvenir.bench.cases import run_case
from tests.test_general_readers_write13 import _case

CASES = r"""
A|en|Dentist appointment on 4 March|Dentist appointment moved to 11 March|11 March|4 March
A|en|Parents' evening is on 12 February|Parents' evening has been rescheduled for 19 February|19 February|12 February
A|en|Dentist appointment on 4 March|Team dinner moved to 11 March|11 March||2
A|en|Dentist appointment on 4 March and a haircut after|Dentist appointment moved to 11 March|11 March||2
A|fr|Entretien d'embauche prévu le 3 avril|L'entretien d'embauche est reporté au 10 avril|10 avril|3 avril
A|fr|Pot de départ le 20 juin|Le pot de départ a été avancé au 13 juin|13 juin|20 juin
A|fr|Pot de départ le 20 juin|Le dîner chez Marc est reporté au 27 juin|27 juin||2
A|zh|婚礼定在10月3号|婚礼推迟到10月17号了|10月17号|10月3号
A|zh|面试约在周三|面试改到周五了|周五|周三
A|zh|婚礼定在10月3号|聚餐改到10月17号了|10月17号||2
A|ms|Temu janji doktor pada 5 Mei|Temu janji doktor ditangguhkan ke 19 Mei|19 Mei|5 Mei
A|ms|Kenduri kahwin pada 8 Disember|Kenduri kahwin dipercepatkan ke 1 Disember|1 Disember|8 Disember
A|ms|Kenduri kahwin pada 8 Disember|Mesyuarat PIBG ditunda ke 15 Disember|15 Disember||2
A|en|Was born in Leeds|Was born in York, not Leeds|York|Was born in Leeds
A|en|Works at a bakery in Hull|Works at a bakery in Goole, not Hull, I misspoke|Goole|in Hull
A|en|Likes coffee and cake|Likes tea, not coffee|tea||2
A|en|Has a cat|Has a dog, not a hamster|dog||2
A|fr|A grandi à Tours|A grandi à Blois, pas à Tours|Blois|A grandi à Tours
A|fr|Sa fille s'appelle Léa|Sa fille s'appelle Léna et non Léa, faute de frappe|Léna|s'appelle Léa
A|zh|在杭州长大|在宁波长大，不是杭州|宁波|在杭州长大
A|zh|女儿叫小雨|女儿叫小雪，之前说小雨是口误|小雪|女儿叫小雨
A|ms|Membesar di Ipoh|Membesar di Taiping, bukan Ipoh|Taiping|Membesar di Ipoh
A|ms|Kerja di kilang di Senai|Kerja di kilang di Pasir Gudang, bukannya Senai|Pasir Gudang|di Senai
A|en|Plays chess|Plays chess at the club on Thursdays|Thursdays|
A|en|Plays chess at the club on Thursdays|Plays chess|Thursdays|
A|en|Has a car|Has a car loan|car loan||2
A|fr|Joue du piano|Joue du piano dans un trio de jazz|trio|
A|fr|Fait de la poterie le jeudi soir|Fait de la poterie|jeudi soir|
A|zh|每周六上午去游泳|每周六去游泳|上午|
A|zh|喝咖啡|不喝咖啡|不喝|
A|ms|Ada motosikal|Ada motosikal Honda EX5 warna merah|EX5|
A|ms|Main futsal dengan kawan pejabat setiap Jumaat|Main futsal|setiap Jumaat|
A|en|Resting heart rate is 72 bpm|Resting heart rate is 61 bpm now|61|72
A|en|Phone bill is £35 a month|Phone bill is £22 a month since switching|£22|£35
A|en|Ran 5 km on Saturday|Ran 10 km on Sunday|10 km||2
A|fr|Loyer du garage : 90 €|Loyer du garage : 110 € depuis janvier|110|90 €
A|fr|Temps de trajet : 40 minutes|Temps de trajet : 25 minutes maintenant|25 minutes|40 minutes
A|zh|每个月房贷六千|每个月房贷降到五千五了|五千五|六千
A|zh|血压一百四|血压降到一百二了|一百二|一百四
A|zh|跑了5公里|跑了10公里|10公里||2
A|ms|Bil elektrik RM180 sebulan|Bil elektrik RM120 sebulan lepas pasang solar|RM120|RM180
A|ms|Yuran tadika anak RM350|Yuran tadika anak naik ke RM400|RM400|RM350
F|en|when I was at uni I was a vegetarian, but these days I eat everything|Is a vegetarian|0
F|en|as a teenager I played the trumpet in a brass band, haven't touched one since|Plays the trumpet in a brass band|0
F|en|back in my twenties I was a ballroom dancer and I still dance every Friday|Is a ballroom dancer|1
F|en|when I was a kid I collected stamps|Collects stamps|1
F|fr|plus jeune, je faisais du théâtre, maintenant j'ai plus le temps|Fait du théâtre|0
F|fr|pendant mes études, je bossais dans un bar, aujourd'hui je suis comptable|Bosse dans un bar|0
F|fr|quand j'étais ado je jouais au rugby et j'y joue toujours|Joue au rugby|1
F|zh|年轻时我每周都去爬山，现在爬不动了|每周都去爬山|0
F|zh|读书的时候我在奶茶店打工，现在早就不干了|在奶茶店打工|0
F|zh|小时候我学过钢琴，现在还在弹|学钢琴|1
F|ms|zaman muda dulu aku selalu pergi memancing, sekarang dah tak sempat|Selalu pergi memancing|0
F|ms|masa universiti saya aktif dalam teater, kini dah tak lagi|Aktif dalam teater|0
F|ms|masa kecil aku suka main layang-layang, sampai sekarang masih suka|Suka main layang-layang|1
F|en|wipe what I told you yesterday about my landlord dispute|Is in a dispute with the landlord|0
F|fr|supprime ce que je t'ai raconté hier sur la dispute avec mon proprio|Est en conflit avec son proprio|0
F|zh|把我之前说的和房东吵架的事抹去吧|和房东吵架|0
F|ms|buang apa yang aku bagitahu semalam pasal gaduh dengan tuan rumah|Bergaduh dengan tuan rumah|0
F|fr|et surtout, ne le retiens vraiment pas : je vais divorcer|Va divorcer|0
F|en|and really, don't ever save this: I'm thinking of leaving my job|Is thinking of leaving the job|0
F|ms|jangan la simpan ni: aku nak berhenti kerja|Nak berhenti kerja|0
F|fr|la muscu, ça me dit plus grand-chose|Aime la muscu|0
F|en|gaming doesn't do much for me anymore|Likes gaming|0
F|zh|打游戏现在提不起兴趣了|喜欢打游戏|0
F|ms|main game dah tak ada feel dah|Suka main game|0
F|en|my landlord's sign in the hallway says 'No pets allowed, ever'|No pets allowed|0
F|fr|le t-shirt de mon fils dit 'je suis le boss' mdr|Est le boss|0
F|ms|kakak aku tulis kat Facebook 'aku dah kahwin!!' gurau je|Sudah berkahwin|0
F|zh|我老公到处跟人说我要辞职了，压根没有|要辞职了|0
F|zh|我妈见人就说我在北京买房了，其实是租的|在北京买房了|0
F|fr|le karaoké, ça me dit plus rien depuis que j'ai perdu ma voix|Aime le karaoké|0
F|en|karaoke does nothing for me anymore since I lost my voice|Likes karaoke|0
F|zh|卡拉OK现在提不起兴趣了|喜欢唱卡拉OK|0
F|ms|karaoke aku dah tak ada feel dah|Suka karaoke|0
F|fr|ça me dit plus rien, ce nom|Aime le karaoké|1
F|en|back in my twenties I was a competitive ballroom dancer, haven't danced since the kids came along|Is a competitive ballroom dancer|0
F|en|back in my twenties I was a ballroom dancer and I still dance every Friday|Is a ballroom dancer|1
F|fr|quand j'étais étudiant, je faisais de l'escalade tous les week-ends, maintenant plus le temps|Fait de l'escalade tous les week-ends|0
F|zh|小时候我每天弹钢琴，现在早就不弹了|每天弹钢琴|0
F|ms|masa sekolah dulu saya main bola setiap hari, sekarang dah tak main|Main bola setiap hari|0
F|ms|masa sekolah dulu saya main bola setiap hari, sampai sekarang masih main|Main bola setiap hari|1
F|en|scrub what I said earlier about my cousin's divorce|Cousin is getting divorced|0
F|fr|efface ce que je t'ai dit tout à l'heure sur les dettes de mon frère|Son frère a des dettes|0
F|zh|把我刚才说的我哥欠债的事擦掉吧|哥哥欠债|0
F|ms|padam apa yang aku cerita tadi pasal hutang abang aku|Abang ada hutang|0
F|en|I scrubbed what I said earlier about my cousin off the whiteboard|Cousin is getting divorced|1
F|fr|je te colle la transcription de la visio de ce matin :\n\nCaroline Vidal (10:03)\nje pars en congé maternité le 15 janvier, Thomas me remplace\nVous (10:04)\nsuper, félicitations Caroline !|Part en congé maternité le 15 janvier|0
F|en|here's the meet transcript:\nTom Okafor (09:12)\nI'm moving to Leeds next month\nYou (09:13)\nno way, congrats!|Is moving to Leeds next month|0
F|zh|会议记录：\n王磊 (14:02)\n我下个月调去深圳\n我 (14:03)\n恭喜！|下个月调去深圳|0
F|ms|ni transkrip meet tadi:\nAiman Hakim (11:20)\naku nak pindah ke Johor bulan depan\nSaya (11:21)\nwah tahniah|Nak pindah ke Johor bulan depan|0
F|en|here's the meet transcript:\nTom Okafor (09:12)\nhow's the move going?\nYou (09:13)\nI'm moving to Leeds next month|Is moving to Leeds next month|1
F|en|my 13yo stuck a sign on his bedroom door saying 'KEEP OUT. I hate everyone in this house' 😂|Hates everyone in the house|0
F|en|my boss put a mug on my desk that says 'I don't do mornings' lol|Doesn't do mornings|0
F|fr|ma fille a écrit sur sa porte 'je déteste tout le monde ici' mdr|Déteste tout le monde|0
F|zh|我儿子在门上贴了张纸写着'我讨厌这个家里的所有人'|讨厌家里所有人|0
F|ms|anak aku tampal kertas kat pintu tulis 'aku benci semua orang dalam rumah ni' haha|Benci semua orang dalam rumah|0
F|en|I told him 'I hate mornings' and it's true|Hates mornings|1
F|en|the kids' rooms are a mess and the cats' toys are everywhere, I love them|Loves the cats|1
A|en|MOT is due on 2 October|MOT has been moved to 9 October|9 October|2 October
A|en|Grew up in Swansea|Grew up in Cardiff, not Swansea - my mistake|Cardiff|Grew up in Swansea
A|en|Gym membership is £40 a month|Gym membership is £29 a month after the new deal|£29|£40
F|en|in my thirties I was a keen marathon runner, not anymore with my knees|Is a keen marathon runner|0
F|en|bin what I mentioned before about my neighbour's court case|Neighbour has a court case|0
A|fr|Mariage de Julie le 14 septembre|Le mariage de Julie est repoussé au 21 septembre|21 septembre|14 septembre
A|fr|Travaille à Rennes|Travaille à Vannes, pas à Rennes, je me suis trompée|Vannes|Travaille à Rennes
A|fr|Abonnement téléphone : 19 €|Abonnement téléphone : 12 € depuis le changement d'opérateur|12 €|19 €
A|fr|Fait de la couture|Fait de la couture le dimanche avec sa voisine|voisine|
F|fr|dans ma jeunesse je fumais la pipe, ça fait vingt ans que j'ai arrêté|Fume la pipe|0
F|fr|le foot à la télé, ça me dit plus trop|Aime le foot à la télé|0
A|zh|体检约在4月2号|体检推迟到4月9号|4月9号|4月2号
A|zh|在成都工作|在重庆工作，不是成都|重庆|在成都工作
A|zh|每月话费八十|每月话费降到五十了|五十|八十
A|zh|会弹吉他|会弹吉他，还组了个乐队|乐队|
F|zh|年轻的时候我特别爱喝酒，现在一滴都不碰了|爱喝酒|0
F|zh|我二姨见人就说我离婚了，根本没有的事|离婚了|0
A|ms|Hari raya open house pada 20 April|Open house hari raya ditunda ke 27 April|27 April|20 April
A|ms|Tinggal di Seremban|Tinggal di Nilai, bukan Seremban|Nilai|Tinggal di Seremban
A|ms|Bayar yuran gim RM120|Bayar yuran gim RM90 lepas promosi|RM90|RM120
A|ms|Bela ayam|Bela ayam kampung di belakang rumah|kampung|
F|ms|zaman sekolah dulu aku main ragbi, sekarang dah tak main|Main ragbi|0
F|ms|hapuskan apa yang saya cerita semalam pasal mak saya sakit|Mak sakit|0
A|en|Is a member of the Riverside Book Club|No longer in the book club since it moved to Mondays|No longer|Riverside Book Club
A|en|Volunteers at the Oxfam shop on Saturdays|Doesn't volunteer at the Oxfam shop anymore|anymore|on Saturdays
A|en|Works at night at the hospital as a nurse|No longer works at night|No longer||2
A|en|Is with Vodafone for mobile|Switched to Three for mobile|Three|Vodafone
A|en|Works from home|Back in the office full time since March|office|Works from home
A|en|Rents a flat in Leeds|Bought a house in Leeds last year|Bought|Rents a flat
A|fr|Fait partie de la chorale de Saint-Malo|Ne fait plus partie de la chorale depuis septembre|Ne fait plus|chorale de Saint-Malo
A|fr|Est abonnée à Netflix|N'est plus abonnée à Netflix|N'est plus|Est abonnée
A|fr|Est chez Free pour sa box internet|Est passée chez Orange pour sa box internet|Orange|Free pour
A|fr|Est locataire à Nantes|A acheté une maison à Rezé, n'est plus locataire|Rezé|locataire à Nantes
A|fr|Travaille au bureau à la Défense|Est en télétravail complet maintenant|télétravail|au bureau
A|zh|每周六去教会|已经不去教会了|不去教会|每周六
A|zh|在健身房办了年卡|已经不去健身房了|不去健身房||2
A|zh|孩子在育才中学读书|孩子转学到市一中了|市一中|育才中学
A|zh|老婆在平安保险上班|老婆跳槽到太平洋保险了|太平洋|平安保险
A|zh|在公司坐班|现在远程办公了|远程|坐班
A|ms|Ahli kelab badminton Taman Melawati|Dah tak jadi ahli kelab badminton lagi|tak jadi ahli|Taman Melawati
A|ms|Langgan Astro|Dah tak langgan Astro lagi|tak langgan|
A|ms|Guna Celcom untuk internet rumah|Dah tukar ke Maxis untuk internet rumah|Maxis|Celcom
A|ms|Kerja di pejabat di Cyberjaya|Sekarang kerja dari rumah sepenuh masa|dari rumah|pejabat di Cyberjaya
A|ms|Menyewa bilik di Shah Alam|Dah beli rumah sendiri di Klang, tak menyewa lagi|Klang|Menyewa bilik
A|en|Works at the office in Leeds|Works from home this week because of the strikes|this week||2
A|fr|Travaille au bureau|En télétravail cette semaine|télétravail||2
A|zh|在公司坐班|这周在家办公|在家办公||2
A|ms|Kerja di pejabat di Bangsar|Kerja dari rumah minggu ni sebab anak demam|dari rumah||2
A|ms|Ahli gim di Subang|Tak pergi gim minggu ni|minggu ni||2
A|en|Piano lesson is on 3 May|Piano lesson got moved to 10 May|10 May|3 May
A|fr|Anniversaire de Tom le 5 juillet|L'anniversaire de Tom est avancé au 28 juin|28 juin|5 juillet
A|zh|复诊约在5月20号|复诊提前到5月13号了|5月13号|5月20号
A|ms|Mesyuarat agung pada 9 Mac|Mesyuarat agung dianjakkan ke 16 Mac|16 Mac|9 Mac
A|en|Was born in Derby|Was born in Nottingham, not Derby|Nottingham|Was born in Derby
A|fr|Son chien s'appelle Rex|Son chien s'appelle Rocky, pas Rex|Rocky|s'appelle Rex
A|zh|在苏州出生|在无锡出生，不是苏州|无锡|在苏州出生
A|ms|Lahir di Kuantan|Lahir di Temerloh, bukan Kuantan|Temerloh|Lahir di Kuantan
A|en|Netflix subscription is £11 a month|Netflix subscription is £13 a month now|£13|£11
A|fr|Forfait téléphone : 15 €|Forfait téléphone : 9 € maintenant|9 €|15 €
A|zh|每月电费三百|每月电费涨到四百了|四百|三百
A|ms|Bayar insurans RM200 sebulan|Bayar insurans RM260 sebulan sekarang|RM260|RM200
A|en|Has a parrot|Has a parrot called Kiwi|Kiwi|
A|fr|Joue de la guitare|Joue de la guitare électrique dans un groupe|groupe|
A|zh|养了一只兔子|养了一只垂耳兔，叫团子|团子|
A|ms|Ada basikal|Ada basikal lipat warna biru|lipat|
A|en|Is a member of the Eastside Running Club|No longer with the running club|No longer|Eastside
A|fr|Est inscrite à la salle Basic-Fit|N'est plus inscrite à la salle depuis juin|N'est plus|Basic-Fit
A|zh|每周日去教堂做礼拜|已经不去教堂了|不去教堂|每周日
A|ms|Ahli persatuan penduduk Taman Sri Muda|Dah bukan ahli persatuan penduduk lagi|bukan ahli|Sri Muda
A|en|Banks with Lloyds for the mortgage|Switched to Nationwide for the mortgage|Nationwide|Lloyds
A|fr|Travaille au bureau de Lyon|Est passé en télétravail complet|télétravail|bureau de Lyon
A|zh|女儿在实验中学读书|女儿转学到外国语中学了|外国语中学|实验中学
A|ms|Menyewa rumah teres di Rawang|Dah beli rumah sendiri di Rawang, tak menyewa lagi|beli rumah|Menyewa rumah
F|en|when I was in the army I smoked like a chimney, quit twenty years ago|Smokes|0
F|fr|à l'époque où j'habitais à Paris je prenais le métro tous les jours, maintenant je suis à vélo|Prend le métro tous les jours|0
F|zh|以前上班的时候我每天喝三杯咖啡，现在一杯都不喝了|每天喝三杯咖啡|0
F|ms|dulu masa kerja kilang aku minum kopi tiga kali sehari, sekarang dah tak minum|Minum kopi tiga kali sehari|0
F|en|erase what I typed yesterday about my brother's arrest|Brother was arrested|0
F|fr|retire ce que je t'ai confié hier sur la santé de mon père|Son père est malade|0
F|zh|把我昨天跟你讲的我爸住院的事删除吧|爸爸住院了|0
F|ms|padam semua yang aku cerita semalam pasal ayah aku masuk hospital|Ayah masuk hospital|0
"""

LINES = [line for line in CASES.strip().splitlines() if line.strip()]


@pytest.mark.parametrize("line", LINES, ids=[f"{i}-{line.split('|')[1]}" for i, line in enumerate(LINES)])
def test_write16_case(line):
    result = run_case(_case(LINES.index(line), line))
    assert result.status == "passed", f"{line}: {result.problems}"


def test_every_language_is_there():
    assert {line.split("|")[1] for line in LINES} == {"en", "fr", "zh", "ms"}
