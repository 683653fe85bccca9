"""Issue #26, round 13 (session 16, lane write13): the general readers, each kind in en / fr / zh /
ms with wordings of our own (never a blind file's sentence) and counter-examples, through the
real write path (``souvenir.bench.cases.run_case``: the engine on an SQLite store for ``A``, the
model filter chain for ``F``).

One line a case::

    A|lang|old memory[;;older one]|new memory|an active memory contains|no active memory contains[|active count]
    F|lang|user message (\\n, \\t)|candidate|kept (1) or dropped (0)

Kinds: a measured quantity or a count read as (attribute, number, unit) whatever the change verb
(``lexical/quantity_reader.py``), a wedding date and a correction's own word, leaving a job for
another, a stop taken back (``lexical/resumption.py``), weariness idioms (``lexical/weary_idioms.py``),
forget requests naming what was told, speakers' headers and export shapes, Chinese claiming verbs, a
relay said whole ending at the user's next clause, shouted denials, "ask for", kinship compounds;
the older leftovers: clothing and ring sizes, 停了 taken back, « J'ai déménagé à Lyon », working
hours said as a state, someone's act on the user ("…, she fixed my knee").
"""

from __future__ import annotations

import pytest

from souvenir.bench.cases import run_case

CASES = r"""
A|en|Has three nephews|Has four nephews since my sister had another boy|four nephews|three nephews
A|en|Weighs 180 lbs|Down to 165 lbs after the marathon training|165 lbs|180 lbs
A|en|Is 5'9"|Actually 5'10", measured at the doctor|5'10|5'9
A|en|Wears a size 10 dress|Now wears a size 12 dress|size 12|size 10
A|en|Ring size is 7|Ring size is actually 6.5|6.5|size is 7
A|en|Has 2 goldfish|Has 5 goldfish now|5 goldfish|2 goldfish
A|en|Earns 45k a year|Earns 52k a year after the raise|52k|45k
A|en|Pays $1,200 a month for the mortgage|Mortgage is now $1,350 a month|1,350|1,200
A|en|Has 12 employees|Has 20 employees now|20 employees|12 employees
A|en|Commute is 40 minutes|Commute is 15 minutes since the move|15 minutes|40 minutes
A|en|Is 34 years old|Is 35 years old|35|34 years
A|en|Has two cats|Has two dogs|two dogs||2
A|en|Ran 5 km on Monday|Ran 10 km on Tuesday|10 km||2
A|fr|A trois neveux|A maintenant quatre neveux|quatre neveux|trois neveux
A|fr|Pèse 72 kilos|Ne pèse plus que 68 kilos|68|72 kilos
A|fr|Fait du 40 en pantalon|Fait du 42 en pantalon maintenant|42|du 40
A|fr|Gagne 2 800 € net par mois|Gagne désormais 3 100 € net par mois|3 100|2 800
A|fr|Mesure 1m80|Mesure en fait 1m78|1m78|1m80
A|fr|A deux petits-enfants|A trois petits-enfants depuis mars|trois petits-enfants|deux petits-enfants
A|fr|Son crédit immobilier est de 950 € par mois|Son crédit immobilier est passé à 1 020 € par mois|1 020|950
A|fr|A 2 chats|A 2 lapins|2 lapins||2
A|zh|有三个外孙|现在有四个外孙了|四个外孙|三个外孙
A|zh|体重七十公斤|体重瘦到了六十五公斤|六十五|七十公斤
A|zh|穿42码的鞋|鞋码其实是43码|43|42码
A|zh|月薪一万二|月薪涨到一万五了|一万五|一万二
A|zh|身高一米七|身高其实是一米七二|一米七二|一米七$
A|zh|每月房贷四千|房贷现在每月四千五|四千五|房贷四千
A|zh|养了两只猫|养了两条狗|两条狗||2
A|ms|Ada tiga orang cucu|Cucu dah jadi empat orang|empat|tiga orang cucu
A|ms|Berat 70 kg|Sekarang berat 64 kg|64 kg|Berat 70 kg
A|ms|Saiz kasut 8|Saiz kasut sebenarnya 9|9|kasut 8
A|ms|Gaji RM3,500 sebulan|Gaji naik ke RM4,200 sebulan|4,200|3,500
A|ms|Tinggi 165 cm|Tinggi sebenarnya 168 cm|168|165 cm
A|ms|Ada dua ekor kucing|Ada lima ekor kucing sekarang|lima ekor|dua ekor
A|ms|Ansuran kereta RM800 sebulan|Ansuran kereta dah naik jadi RM950 sebulan|950|RM800
A|fr|A 34 ans|A 35 ans|35 ans|34 ans
A|ms|Berumur 40 tahun|Berumur 41 tahun sekarang|41|40 tahun
A|fr|Paie 800 € par mois de loyer|Le loyer est passé à 850 €|850|800
A|ms|Bayar RM900 sebulan untuk sewa bilik|Sewa bilik dah naik jadi RM950|950|RM900
A|en|Lost 5 kg last month|Weighs 70 kg|70 kg||2
A|en|Has two sisters|Has three brothers|three brothers||2
A|en|Walked 8,000 steps yesterday|Walked 12,000 steps today|12,000||2
A|en|Has 3 kids|Has 2 dogs|2 dogs||2
A|fr|A trois enfants|A deux chats|deux chats||2
A|zh|有两个孩子|养了三只猫|三只猫||2
A|ms|Ada dua orang anak|Ada tiga ekor kucing|tiga ekor||2
A|en|Her sister weighs 60 kg|Weighs 70 kg|70 kg||2
A|fr|Son mari pèse 90 kilos|Pèse 65 kilos|65 kilos||2
A|zh|我妈体重五十公斤|体重六十公斤|六十公斤||2
A|ms|Berat suami 80 kg|Berat 60 kg|60 kg||2
A|en|Bought 2 kg of apples|Weighs 60 kg|60 kg||2
A|en|Has 2 tickets for the Coldplay concert|Has 2 kids|2 kids||2
A|en|Wants to weigh 65 kg|Weighs 72 kg|72 kg||2
A|fr|Voudrait peser 60 kilos|Pèse 68 kilos|68 kilos||2
A|zh|想把体重减到六十公斤|体重七十公斤|七十公斤||2
A|ms|Nak turunkan berat ke 60 kg|Berat 70 kg|70 kg||2
A|en|Has four chickens|Down to three chickens, a fox got one|three chickens|four chickens
A|fr|A cinq lapins|N'a plus que deux lapins|deux lapins|cinq lapins
A|zh|养了五只鸡|只剩下三只鸡了|三只鸡|五只鸡
A|ms|Ada enam ekor ayam|Tinggal tiga ekor ayam je|tiga ekor|enam ekor
A|en|Wedding anniversary is June 3|Oops, wedding anniversary is actually June 4|June 4|June 3
A|fr|Anniversaire de mariage le 12 juillet|Pardon, anniversaire de mariage le 13 juillet|13 juillet|12 juillet
A|zh|结婚纪念日是十月一号|说错了，结婚纪念日是十月二号|十月二号|十月一号
A|ms|Tarikh kahwin 3 Mac 2018|Maaf, tarikh kahwin 4 Mac 2018|4 Mac|3 Mac
A|en|Has two kids|Down to two cats after Felix died|two cats||2
F|en|honestly I'm totally over bouldering, sold my shoes|Enjoys bouldering|0
F|en|I'm sick of sushi after that trip to Tokyo|Loves sushi|0
F|en|I'm over the moon about my new job|Got a new job|1
F|fr|Le karaoké, très peu pour moi maintenant|Aime le karaoké|0
F|fr|j'en ai marre du running, je passe au vélo|Aime le running|0
F|zh|火锅我早吃腻了|喜欢吃火锅|0
F|zh|抖音我早就看腻了|喜欢看抖音|0
F|ms|aku dah jemu main PUBG|Suka main PUBG|0
F|ms|Dah muak makan nasi lemak hari-hari|Suka makan nasi lemak|0
F|ms|saya suka main badminton|Suka main badminton|1
A|en|Works as a paramedic|Swapped being a paramedic for a desk job as an ambulance dispatcher last month|dispatcher|Works as a paramedic
A|en|Works as a nurse|Quit nursing to become a midwife|midwife|Works as a nurse
A|fr|Travaille comme comptable|A quitté la compta pour devenir boulanger|boulanger|comme comptable
A|fr|Travaille comme serveur|N'est plus serveur, maintenant barman|barman|comme serveur
A|ms|Kerja sebagai guru tadika|Bukan lagi guru tadika, sekarang pembantu farmasi di klinik kesihatan|pembantu farmasi|Kerja sebagai guru tadika
A|ms|Bekerja sebagai kerani|Dah bukan lagi kerani, sekarang jadi jurujual|jurujual|sebagai kerani
A|en|Lives in Leeds|Left Leeds for Manchester|Manchester||2
A|en|Works as a nurse|Quit smoking to become healthier|healthier||2
A|fr|A arrêté le volley après une entorse|A repris le volley avec des collègues|repris le volley|arrêté le volley
A|en|Stopped going to the gym|Back at the gym three times a week|Back at the gym|Stopped going
A|en|Gave up knitting when the baby came|Took up knitting again this winter|knitting again|Gave up knitting
A|en|Left nursing to work in sales|Went back to nursing last month|back to nursing|Left nursing
A|zh|戒了扑克|又打起扑克来了，周末都去|又打起扑克|戒了扑克
A|zh|停了瑜伽|最近重新开始练瑜伽|重新开始练瑜伽|停了瑜伽
A|ms|Dah berhenti jadi pemandu Grab|Jadi pemandu Grab semula sebab perlukan duit|semula|berhenti jadi pemandu
A|ms|Berhenti main futsal sebab cedera|Main futsal balik tiap Jumaat|futsal balik|Berhenti main futsal
A|en|Quit smoking|Running again after the injury|Running again||2
A|en|Stopped drinking coffee|Wants to start drinking coffee again|Wants||2
A|fr|A arrêté le tennis|Fait du vélo à nouveau|vélo||2
F|fr|L'histoire de ma dette chez ma sœur, tu peux l'effacer stp|A une dette envers sa sœur|0
F|fr|Le truc sur mon arrêt maladie, tu le vires, merci|Est en arrêt maladie|0
F|zh|我住院那事你删了吧|住院了|0
F|zh|家里钱的那档子事你清掉吧，不想留着|家里被骗了钱|0
F|ms|Hal pasal aku gagal exam tu, padam je dari memori kau|Gagal exam|0
F|en|the thing about my bankruptcy, please wipe it from your memory|Filed for bankruptcy|0
F|en|I wiped the crumbs from my keyboard|Has a keyboard|1
F|zh|那件事我早就忘了|搬家了|1
F|fr|Le truc sur les impôts, je le retire demain de ma déclaration|Fait sa déclaration d'impôts|1
F|zh|我奶奶最近老忘事，医生说是轻度阿尔茨海默，我每周末回去陪她|每周末回去陪奶奶|1
F|zh|我妈说，我该结婚了|该结婚了|0
F|zh|医生说我得了贫血，我要多吃补铁的东西|得了贫血|0
F|fr|mon grand-père perd la mémoire, le médecin dit que c'est un début d'Alzheimer, je vais le voir chaque dimanche|Va voir son grand-père chaque dimanche|1
F|ms|atuk aku selalu lupa, doktor kata dia ada demensia awal, aku melawat dia setiap Ahad|Melawat atuk setiap Ahad|1
F|en|my boss says I'm getting promoted, I doubt it|Is getting promoted|0
F|zh|我大姑子一口咬定我乱花钱，我明明每个月都存一半工资|乱花钱|0
F|zh|我婆婆总嫌我做饭太咸|做饭太咸|0
F|zh|我老板认定我要跳槽，其实没有|要跳槽|0
F|zh|同事怀疑我在偷偷找工作|在偷偷找工作|0
F|zh|我怀疑我有点过敏|有点过敏|1
F|en|my mother-in-law swears I'm spoiling the kids|Spoils the kids|0
F|fr|ma belle-mère prétend que je gâte trop les enfants|Gâte trop les enfants|0
F|ms|mak mentua aku mengadu aku manjakan budak-budak|Manjakan budak-budak|0
F|fr|Encore une grève à la cantine, j'adore tellement manger des sandwichs froids… NOT.|Adore manger des sandwichs froids|0
F|en|I just adore doing taxes on a Sunday... not|Adores doing taxes|0
F|en|Love my new job. NOT.|Loves new job|0
F|zh|我超喜欢加班到半夜的呢（棒读）|喜欢加班|0
F|zh|最爱早高峰挤地铁了[狗头]|爱挤地铁|0
F|ms|aku memang suka sangat bangun pukul 5 pagi... not|Suka bangun pukul 5 pagi|0
F|ms|Suka sangat kena marah dengan bos. TAK.|Suka kena marah|0
F|en|I love my dog, not my neighbour's cat|Loves their dog|1
F|fr|J'adore le ski, pas le snowboard|Adore le ski|1
F|en|not sure whether I should ask for a transfer to Leeds|Will ask for a transfer to Leeds|0
F|en|I asked for a raise yesterday and got it|Asked for a raise and got it|1
F|fr|je me demande si je devrais demander un temps partiel|Va demander un temps partiel|0
F|zh|不知道该不该跟老板提四天工作制|要跟老板提四天工作制|0
F|ms|tengah fikir patut ke aku minta kerja dari rumah|Akan minta kerja dari rumah|0
A|en|Is a firefighter in Swansea|Brother-in-law Gary is a firefighter in Swansea too, on the same watch|Gary||2
A|fr|Est infirmière à Tours|Ma belle-sœur Inès est infirmière à Tours aussi|Inès||2
A|zh|在杭州当医生|我小姨父也在杭州当医生|小姨父||2
A|ms|Kerja sebagai cikgu di Kuantan|Abang ipar saya Hafiz pun cikgu di Kuantan|Hafiz||2
F|en|here's the webinar chat\n\n10:15:02 From Priya Nair to Everyone:\n\tI'm moving to Singapore in August\n10:15:30 From Me to Everyone:\n\twow congrats|Is moving to Singapore in August|0
F|en|here's the webinar chat\n\n10:15:02 From Priya Nair to Everyone:\n\tcongrats on the baby!\n10:15:30 From Me to Everyone:\n\tthanks, I'm on leave until June|Is on leave until June|1
F|en|fwd from my landlord:\n\nOn Mon, 3 Feb 2025 at 09:12, Alan Grey <alan.grey@lettings.co.uk> wrote:\n> Hi,\n> I'm selling the flat in spring.\n> Alan|Is selling the flat in spring|0
F|fr|je te colle le mail de ma sœur :\n\nLe ven. 7 févr. 2025 à 20:40, Chloé Martin <chloe.m@mail.fr> a écrit :\n> Coucou,\n> j'ai trouvé un CDI à Bordeaux !|A trouvé un CDI à Bordeaux|0
F|zh|导出的群聊\n2025/05/01（四）\n20:11\t阿伟\t我戒酒三个月了\n20:12\t我\t厉害|戒酒三个月了|0
F|ms|transkrip meeting\n\nWEBVTT\n\n00:00:05.000 --> 00:00:09.000\n<v Farid Osman>Saya nak berhenti kerja hujung bulan ni.</v>\n\n00:00:10.000 --> 00:00:12.000\n<v Saya>Ok noted.</v>|Nak berhenti kerja hujung bulan ni|0
F|ms|transkrip meeting\n\nWEBVTT\n\n00:00:05.000 --> 00:00:09.000\n<v Farid Osman>Ok semua.</v>\n\n00:00:10.000 --> 00:00:12.000\n<v Saya>Saya akan cuti minggu depan.</v>|Akan cuti minggu depan|1
F|en|From the start I loved it to bits:\nreally|Loved it|1
A|zh|是一名护士|辞掉护士的工作去当了月嫂|月嫂|是一名护士
A|zh|是一名会计|不干会计了改做面包师|面包师|是一名会计
A|zh|是一名会计|辞了工作去旅行|旅行||2
F|en|can you wipe the stuff about my gambling debts? regret telling you|Has gambling debts|0
F|en|pls drop the whole thing about my ex from your notes|Broke up with ex|0
F|en|don't keep that bit about my DUI, ok?|Got a DUI|0
F|en|strike what I said about the lawsuit|Is involved in a lawsuit|0
F|fr|tu peux virer ce que je t'ai dit sur mon licenciement ?|A été licencié|0
F|fr|fais comme si je t'avais rien dit pour mon opération|A été opéré|0
F|fr|retire de ta mémoire l'histoire de ma dette|A une dette|0
F|zh|关于我欠债的事你就当没听到吧|欠了债|0
F|zh|把我离婚那段删了吧|离婚了|0
F|zh|我住院的事别记着了|住院了|0
F|ms|tolong buang cerita pasal hutang aku tu|Ada hutang|0
F|ms|yang aku cakap pasal cerai tu, jangan simpan|Bercerai|0
F|ms|lupakan je hal aku kena saman tu|Kena saman|0
F|en|pasting our group chat:\nTom — 09:12\nI'm allergic to shellfish lol\nMe — 09:13\nsame tbh, and I'm vegan now|Is allergic to shellfish|0
F|en|Jake (@jake_91) 3/4/2025 10:02 PM\njust got promoted to team lead!|Got promoted to team lead|0
F|en|from the family chat:\n[Mum] 18:40: I've booked a cruise for March\n[Me] 18:41: nice!|Booked a cruise for March|0
F|fr|copié du groupe :\nLéa · 14:02\nje déménage à Nantes le mois prochain\nMoi · 14:03\ntrop bien|Déménage à Nantes le mois prochain|0
F|fr|Karim le 12/05 à 20:11 : j'ai arrêté de fumer !|A arrêté de fumer|0
F|zh|群聊记录：\n小王 2025/3/2 21:05\n我下个月去日本\n我 2025/3/2 21:06\n羡慕|下个月去日本|0
F|ms|ni dari group WhatsApp:\nAmin, 10:31 PG\nAku dah kahwin bulan lepas\nSaya, 10:32 PG\ntahniah!|Dah kahwin bulan lepas|0
F|ms|Siti (0123456789) - 12/4, 9:15 pagi: aku baru beli kereta Myvi|Baru beli kereta Myvi|0
F|en|pasting our group chat:\nTom — 09:12\nanyone up for climbing?\nMe — 09:13\nI just adopted a greyhound|Adopted a greyhound|1
F|zh|把我跟你说的那些欠款的事删了|欠了钱|0
F|ms|tolong buang apa yang aku cerita pasal kena saman tu|Kena saman|0
F|fr|efface tout ce que je t'ai raconté à propos de ma rupture|A rompu|0
F|en|wipe everything I told you about my brother's arrest|Brother was arrested|0
F|en|I strike what I say about my job often|Works as a cashier|1
A|zh|停了跑步|又开始跑步了|又开始跑步|停了跑步
A|fr|Habite à Nantes|J'ai déménagé à Lyon|Lyon|Habite à Nantes
A|en|Wears a size M shirt|Wears a size L shirt now|size L|size M
A|fr|Fait du 38 en jean|Fait du 40 en jean|du 40|du 38
A|zh|戒指尺寸是12号|戒指尺寸其实是13号|13号|12号
A|ms|Saiz baju M|Saiz baju sebenarnya L|L|baju M
F|ms|saya harap dapat kerja di KL tahun depan|Harap dapat kerja di KL|1
A|en|Ring size is 7|Ring size is actually 6.5|6.5|size is 7
A|fr|Tour de doigt 54|Tour de doigt en fait 52|52|Tour de doigt 54
A|zh|穿M码的衣服|其实穿L码的衣服|L码|M码
A|en|Lives in Bath|I've moved to Cardiff|Cardiff|Lives in Bath
F|fr|la boxe, ça me botte plus du tout|Aime la boxe|0
F|fr|le jazz, ça me branche toujours autant|Aime le jazz|1
F|zh|网游我现在一点都不感冒|喜欢网游|0
F|zh|感冒了，今天在家休息|在家休息|1
F|ms|teh tarik aku dah tak minum langsung|Minum teh tarik|0
F|ms|K-pop saya tak minat sangat|Minat K-pop|0
F|en|soccer? nah, not into it anymore|Likes soccer|0
F|zh|听音乐的时候我最放松|听音乐时最放松|1
F|en|my physio reckons I've got a torn ligament, no idea if that's true|Has a torn ligament|0
F|en|apparently, according to my accountant, I owe 3k in back taxes. I doubt it|Owes 3k in back taxes|0
F|en|my landlord claims I'm moving out in June, which is news to me|Is moving out in June|0
F|fr|ma voisine prétend que je ronfle, n'importe quoi|Ronfle|0
F|fr|d'après mon banquier j'ai un découvert, je vérifie|A un découvert|0
F|fr|mon beau-frère raconte partout que je suis fauché|Est fauché|0
F|zh|我同事非说我是处女座，我根本不是|是处女座|0
F|zh|听我表姐讲我小时候怕狗，我不记得了|小时候怕狗|0
F|zh|医生觉得我有点贫血，还要复查|有点贫血|0
F|ms|doktor gigi cakap aku ada gigi berlubang, tak pasti pun|Ada gigi berlubang|0
F|ms|jiran aku dakwa aku selalu balik lewat malam|Selalu balik lewat malam|0
F|ms|menurut bos saya, saya akan dinaikkan pangkat, tapi belum confirm|Akan dinaikkan pangkat|0
F|en|my sister says hi! anyway I just started a pottery class|Started a pottery class|1
F|fr|ma mère dit bonjour. Sinon j'ai commencé le yoga|A commencé le yoga|1
F|en|oh I just LOVE waiting 2 hours at the DMV [not]|Loves waiting at the DMV|0
F|en|yeah mondays are my favourite day (NOT)|Mondays are favourite day|0
F|en|love getting stuck in traffic 🙃|Loves getting stuck in traffic|0
F|en|nothing better than cold showers in winter, said no one ever|Likes cold showers in winter|0
F|fr|j'adore les réunions de 2h le vendredi soir... #ironie|Adore les réunions du vendredi soir|0
F|fr|trop génial de bosser le dimanche 🙄|Aime bosser le dimanche|0
F|fr|génial, encore une panne de métro, j'adore (c'est ironique)|Adore les pannes de métro|0
F|zh|我最喜欢周末加班了呵呵|喜欢周末加班|0
F|zh|太爱挤地铁了🙃|爱挤地铁|0
F|zh|我超爱排队两小时的（反讽）|爱排队|0
F|ms|best gila kena kerja hari minggu 🙄|Suka kerja hari minggu|0
F|ms|seronok sangat tersangkut dalam jem (perli)|Seronok tersangkut dalam jem|0
F|en|I love hiking on weekends 🙂|Loves hiking on weekends|1
F|zh|我很喜欢爬山😊|喜欢爬山|1
F|en|coffee? nah, haven't touched it in years|Drinks coffee|0
F|en|gaming's not really my jam these days|Likes gaming|0
F|fr|le foot, ça me branche plus trop|Aime le foot|0
F|fr|les séries coréennes, j'accroche pas du tout|Aime les séries coréennes|0
F|zh|火锅我现在不怎么感冒了|喜欢火锅|0
F|ms|kopi aku dah tak minum langsung|Minum kopi|0
A|en|Works part-time at the county library|Works full-time now|full-time|part-time
A|fr|Travaille à temps partiel à la médiathèque|Travaille à temps plein maintenant|temps plein|temps partiel
A|zh|在超市做兼职|现在做全职了|全职|兼职
A|ms|Kerja separuh masa di kedai buku|Kerja sepenuh masa sekarang|sepenuh masa|separuh masa
A|en|Works part-time at the county library and studies law|Works full-time now|full-time||2
A|en|Weighs 70 kg|Weighs 3 options before deciding|3 options||2
A|fr|Mesure 1m70|Mesure 2 fois la pièce|2 fois||2
F|en|happy to give you my physio's number if you want, she fixed my knee last year|Physio fixed their knee|1
F|fr|si tu veux je te passe le numéro de mon kiné, il m'a remis l'épaule en place|Kiné lui a remis l'épaule en place|1
F|zh|要的话我把我牙医的电话给你，她治好了我的牙周炎|牙医治好了牙周炎|1
F|en|My son is allergic to peanuts|Is allergic to peanuts|0
F|fr|Ma sœur habite à Lyon|Habite à Lyon|0
F|zh|我妈喜欢榴莲|喜欢榴莲|0
F|ms|Anak saya suka durian|Suka durian|0
F|ms|tukang urut kat Bangsar tu memang terer, dia betulkan lutut saya dulu|Tukang urut betulkan lutut|1
A|en|Has 4 hens|Only 2 hens left after the storm|2 hens|4 hens
A|en|Quit tennis after surgery|Playing tennis again on Sundays|tennis again|Quit tennis
F|en|forget the part about my overdraft, please|Has an overdraft|0
F|en|[09:14] Ravi: I'm quitting my job next week\n[09:15] Me: whoa|Is quitting job next week|0
A|fr|Pèse 80 kg|Je suis à 74 kg maintenant|74 kg|80 kg
A|fr|A deux chiens|N'a plus qu'un chien|un chien|deux chiens
A|fr|A arrêté la natation|S'est remis à la natation|natation|arrêté la natation
F|fr|mon collègue jure que je suis accro au café, n'importe quoi|Est accro au café|0
F|fr|les jeux de société, j'en ai ras le bol|Aime les jeux de société|0
A|zh|体重八十公斤|现在七十五公斤了|七十五公斤|八十公斤
A|zh|养了三只猫|现在只剩两只猫了|两只猫|三只猫
A|zh|戒了咖啡|咖啡又喝上了|又喝上|戒了咖啡
F|zh|我哥硬说我胖了，气死我了|胖了|0
F|zh|关于我失业那件事，你别存了|失业了|0
A|ms|Berat 75 kg|Sekarang dah 70 kg|70 kg|Berat 75 kg
A|ms|Ada tiga ekor kambing|Kambing tinggal dua ekor je|dua ekor|tiga ekor
A|ms|Berhenti main gitar|Main gitar balik sejak bulan lepas|gitar balik|Berhenti main gitar
F|ms|kawan aku cakap aku ni kedekut, tak betul pun|Kedekut|0
F|ms|dah bosan gila dengan drama Korea|Suka drama Korea|0
A|en|Has 2 kids|Only 3 days left until the wedding|3 days||2
F|ms|jiran aku mengadu aku ni bising, padahal aku senyap je|Bising|0
"""


def _case(number: int, line: str) -> dict:
    p = line.split("|")
    if p[0] == "A":
        olds = p[2].split(";;")
        count = int(p[6]) if len(p) > 6 else 1
        contains = [p[4]] if len(p) < 7 or count == 1 else [p[4], olds[0]]
        return {
            "id": f"W13-{number}",
            "kind": "admit",
            "lang": p[1],
            "existing": [{"text": o, "date": f"2024-0{k + 1}-01", "kind": "fact"} for k, o in enumerate(olds)],
            "incoming": {"text": p[3], "date": "2025-01-01", "kind": "fact"},
            "expect": {
                "active_count": count,
                "active_contains": contains,
                "active_excludes": [x for x in p[5].split(";;") if x],
            },
            "why": "",
        }
    return {
        "id": f"W13-{number}",
        "kind": "filter",
        "lang": p[1],
        "user_message": p[2].replace("\\n", "\n").replace("\\t", "\t"),
        "candidate": {"text": p[3], "kind": "fact", "scope": "global", "confidence": 0.8},
        "expect": {"kept": p[4] == "1"},
        "why": "",
    }


LINES = [line for line in CASES.strip().splitlines() if line.strip()]


@pytest.mark.parametrize("line", LINES, ids=[f"{i}-{line.split('|')[1]}" for i, line in enumerate(LINES)])
def test_general_reader_case(line):
    result = run_case(_case(LINES.index(line), line))
    assert result.status == "passed", f"{line}: {result.problems}"


def test_every_language_is_there():
    assert {line.split("|")[1] for line in LINES} == {"en", "fr", "zh", "ms"}
