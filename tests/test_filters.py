"""Write-path filters: calibration examples per filter and language, and a precision report.

Each example is what a small extractor emits from a chat turn, with the turn.
``kept`` is the right outcome. Examples marked ``known`` are documented false
positives (wrong drops) or misses of the filter: they are not asserted, but
they count in the printed precision / recall table, so the table is honest.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from souvenir.filters import (
    DIRECT_CHAIN,
    MODEL_CHAIN,
    PASSED,
    REDACTED,
    Exchange,
    assistant_only_filter,
    character_filter,
    negation_filter,
    redact,
    run_filters,
    secrets_filter,
    subject_filter,
)
from souvenir.types import Candidate

FILTERS = {
    "subject": subject_filter,
    "negation": negation_filter,
    "character": character_filter,
    "assistant_only": assistant_only_filter,
    "secrets": secrets_filter,
}
LANGS = ("fr", "en", "zh", "ms")


@dataclass(frozen=True)
class Ex:
    lang: str
    kept: bool
    text: str
    user: str
    reply: str | None = None
    known: str | None = None


K, D = True, False  # kept, dropped

SUBJECT = [
    # fr
    Ex("fr", D, "S'appelle M. Dubois", "Pouvez-vous vérifier la commande de M. Dubois ? C'est mon collègue, il est en congé."),
    Ex("fr", D, "Habite à Lyon", "Ma sœur habite à Lyon depuis deux ans."),
    Ex("fr", D, "Est allergique aux arachides", "Mon fils est allergique aux arachides, que me conseillez-vous pour son goûter ?"),
    Ex("fr", D, "Adore les orchidées", "Ma voisine, Mme Petit, adore les orchidées."),
    Ex("fr", D, "Le personnage navigue depuis trente ans", "Bonsoir Capitaine !", "(en tant que Capitaine Mira) Bonsoir, moussaillon. Je navigue depuis trente ans."),
    Ex("fr", D, "L'assistant recommande de changer le filtre tous les six mois", "Je change le filtre quand ?", "Je vous recommande de le changer tous les six mois."),
    Ex("fr", D, "L'histoire se déroule dans un port breton", "On reprend l'aventure ?", "Nous sommes de retour au port de Douarnenez."),
    Ex("fr", D, "Se prénomme Inès", "Inès, la fille des voisins, nourrira le chat pendant mon voyage."),
    Ex("fr", K, "S'appelle Claire Martin", "Je m'appelle Claire Martin, j'ai une question sur ma facture."),
    Ex("fr", K, "Habite à Lyon", "Ma sœur et moi habitons à Lyon."),
    Ex("fr", K, "A un chien", "Mon chien adore la plage."),
    Ex("fr", K, "Habite à Lyon", "J'habite à Lyon, ma sœur aussi."),
    Ex("fr", K, "L'utilisateur a rendez-vous chez le dentiste jeudi", "J'ai rendez-vous chez le dentiste jeudi."),
    Ex("fr", K, "La femme de l'utilisateur est infirmière de nuit", "Ma femme est infirmière de nuit, elle dort le matin."),
    Ex("fr", K, "S'appelle Sophie Bernard", "Bonjour, mon colis n'est pas arrivé.\nCordialement,\nSophie Bernard"),
    Ex("fr", K, "Inès nourrira le chat pendant le voyage de l'utilisateur", "Inès, la fille des voisins, nourrira le chat pendant mon voyage."),
    Ex("fr", K, "Aime le jazz", "Ma femme adore le jazz, et j'en écoute aussi tous les soirs.", known="FP: 'en' is not resolved, only the wife's clause supports 'jazz'"),
    # en
    Ex("en", D, "Is named Tom Baker", "Can you check on Tom Baker's order? He's my colleague and he's off sick."),
    Ex("en", D, "Works as a nurse in Leeds", "My brother works as a nurse in Leeds."),
    Ex("en", D, "Is vegan", "My daughter is vegan."),
    Ex("en", D, "Hates mushrooms", "My husband hates mushrooms, so I cook them separately."),
    Ex("en", D, "Captain Mira lost her brother to the sea", "Why did you leave the navy?", "(as Captain Mira) The sea took my brother."),
    Ex("en", D, "The assistant offered a 10% discount code", "Any deals this week?", "I can offer you a 10% discount code."),
    Ex("en", D, "The story is set in a cyberpunk Tokyo", "Let's continue.", "Neon rain falls on Shinjuku."),
    Ex("en", D, "Is called Mira", "Mira, do you ever miss the harbour?", "(as Captain Mira) Every day."),
    Ex("en", K, "Is named Tom Baker", "Hi, I'm Tom Baker, I ordered a kettle last week."),
    Ex("en", K, "Is moving to Leeds in May", "My wife and I are moving to Leeds in May."),
    Ex("en", K, "Has a dog", "My dog loves the beach."),
    Ex("en", K, "Liam paid the rent late", "Liam, my tenant, paid the rent late again."),
    Ex("en", K, "The user's tenant Liam is from Galway", "My tenant Liam is from Galway."),
    Ex("en", K, "Is called Jo", "Call me Jo. My sister's name is Anne."),
    Ex("en", K, "Is called Jo", "Hi there, quick question about my order."),
    Ex("en", K, "The assistant promised to remind the user on Friday", "Remind me on Friday please.", "Sure, I'll remind you on Friday."),
    Ex("en", K, "Loves hiking", "My wife loves hiking and so do I."),
    # zh
    Ex("zh", D, "叫王芳", "帮我查一下王芳的订单，她是我同事。"),
    Ex("zh", D, "住在怡保", "我妈住在怡保。"),
    Ex("zh", D, "是护士", "我老公是护士。"),
    Ex("zh", D, "喜欢榴莲", "我女儿很喜欢榴莲。"),
    Ex("zh", D, "客服表示七天内可以退货", "可以退货吗？", "七天内可以退货。"),
    Ex("zh", D, "角色害怕大海", "你怕海吗？", "（扮演米拉）我怕大海。"),
    Ex("zh", D, "故事发生在一座海岛上", "继续吧。", "小船靠近了海岛。"),
    Ex("zh", K, "叫李明", "我叫李明，想问一下快递。"),
    Ex("zh", K, "住在图卢兹", "我和老婆住在图卢兹。"),
    Ex("zh", K, "用户的妹妹住在怡保", "我妹妹住在怡保。"),
    Ex("zh", K, "喜欢榴莲", "我喜欢榴莲，我妈也喜欢。"),
    Ex("zh", K, "用户住在怡保", "我住在怡保。"),
    Ex("zh", K, "养了一只猫", "我家的猫每天五点叫醒我。"),
    # ms
    Ex("ms", D, "Bernama Encik Ali", "Boleh semak pesanan Encik Ali? Dia jiran saya."),
    Ex("ms", D, "Bekerja sebagai jururawat", "Isteri saya bekerja sebagai jururawat."),
    Ex("ms", D, "Suka durian", "Anak saya suka durian."),
    Ex("ms", D, "Tinggal di Ipoh", "Adik saya tinggal di Ipoh."),
    Ex("ms", D, "Pembantu mencadangkan menukar penapis", "Bila nak tukar penapis?", "Saya cadangkan tukar setiap enam bulan."),
    Ex("ms", D, "Watak itu takut laut", "Awak takut laut?", "(sebagai Mira) Ya, saya takut laut."),
    Ex("ms", K, "Bernama Aminah", "Nama saya Aminah, saya nak tanya pasal bil."),
    Ex("ms", K, "Tinggal di Ipoh", "Saya dan isteri tinggal di Ipoh."),
    Ex("ms", K, "Suka durian", "Saya suka durian, anak saya pun suka."),
    Ex("ms", K, "Pengguna tinggal di Ipoh", "Saya tinggal di Ipoh."),
    Ex("ms", K, "Ada kucing", "Kucing saya suka tidur atas meja."),
    Ex("ms", K, "Anak perempuan pengguna tinggal di KL", "Anak perempuan saya tinggal di KL."),
]

NEGATION = [
    # fr
    Ex("fr", D, "Aime les huîtres", "Je n'aime pas du tout les huîtres."),
    Ex("fr", D, "Boit du café", "Je ne bois plus de café depuis mon opération."),
    Ex("fr", D, "Fume", "J'ai arrêté de fumer l'an dernier."),
    Ex("fr", D, "Aime le froid", "Je déteste le froid, vivement l'été."),
    Ex("fr", D, "Est végétarien", "Je ne suis pas végétarien, je mange de tout."),
    Ex("fr", D, "Aime le jazz", "Franchement, le jazz, j'aime pas trop."),
    Ex("fr", D, "Aime la plage", "Je n'ai jamais aimé la plage."),
    Ex("fr", K, "Adore les livraisons du lundi", "Je n'aime pas le lundi, mais j'adore les livraisons du lundi."),
    Ex("fr", K, "Boit du thé", "Je ne bois que du thé."),
    Ex("fr", K, "Aime le jazz", "J'aime pas mal le jazz."),
    Ex("fr", K, "Mange du poisson", "Je ne mange pas de viande mais je mange du poisson."),
    Ex("fr", K, "Accepte de travailler le samedi", "Ça ne me dérange pas de travailler le samedi."),
    Ex("fr", K, "N'aime pas le café", "Je n'aime pas le café."),
    Ex("fr", K, "Déteste le bruit", "Je ne supporte pas le bruit."),
    Ex("fr", K, "Aime le café", "Avant je n'aimais pas le café. Aujourd'hui ? Une tasse chaque matin.", known="FP: the second sentence has no content word to match"),
    # en
    Ex("en", D, "Likes jazz", "I never liked jazz, to be honest."),
    Ex("en", D, "Eats meat", "I don't eat meat anymore."),
    Ex("en", D, "Enjoys horror movies", "I can't stand horror movies."),
    Ex("en", D, "Smokes", "I quit smoking two years ago."),
    Ex("en", D, "Is a morning person", "I'm not a morning person at all."),
    Ex("en", D, "Is vegetarian", "I'm no longer vegetarian."),
    Ex("en", D, "Likes Mondays", "I don't like Mondays, but I do like the Monday deliveries."),
    Ex("en", D, "Doesn't like spicy food", "I love spicy food, the hotter the better."),
    Ex("en", K, "Likes Monday deliveries", "I don't like Mondays, but I do like the Monday deliveries because nobody's home on Tuesdays."),
    Ex("en", K, "Loves coffee", "I used to hate coffee, but now I love it."),
    Ex("en", K, "Doesn't mind working weekends", "I don't mind working weekends."),
    Ex("en", K, "Likes cats", "Not only do I like cats, I adore them."),
    Ex("en", K, "Wants to visit Japan", "I can't wait to visit Japan."),
    Ex("en", K, "Has never been to Japan", "I've never been to Japan but I'd love to go."),
    Ex("en", K, "Loves the café on Elm Street", "I love the café on Elm Street that doesn't play music."),
    Ex("en", K, "Hates Mondays", "Mondays are the worst."),
    Ex("en", D, "Likes meat", "I don't eat meat.", known="miss: attitude against plain fact is not compared"),
    # zh
    Ex("zh", D, "喜欢香菜", "我一点也不喜欢香菜。"),
    Ex("zh", D, "喝咖啡", "我从来不喝咖啡。"),
    Ex("zh", D, "抽烟", "我已经戒烟了。"),
    Ex("zh", D, "喜欢下雨天", "我讨厌下雨天。"),
    Ex("zh", D, "是素食者", "我不是素食者。"),
    Ex("zh", D, "吃辣", "我再也不吃辣了。"),
    Ex("zh", D, "喜欢榴莲", "榴莲我不喜欢。"),
    Ex("zh", K, "喜欢周一的快递", "我不喜欢周一，但是很喜欢周一的快递。"),
    Ex("zh", K, "喝茶", "我只喝茶，不喝咖啡。"),
    Ex("zh", K, "喜欢这家店", "这家店不错，我很喜欢。"),
    Ex("zh", K, "不讨厌猫", "我不讨厌猫。"),
    Ex("zh", K, "喜欢咖啡", "我离不开咖啡。"),
    Ex("zh", K, "不喜欢香菜", "我不喜欢香菜。"),
    # ms
    Ex("ms", D, "Suka durian", "Saya tak suka durian."),
    Ex("ms", D, "Makan daging", "Saya tidak makan daging lagi."),
    Ex("ms", D, "Merokok", "Saya dah berhenti merokok."),
    Ex("ms", D, "Suka hujan", "Saya benci hujan."),
    Ex("ms", D, "Seorang vegetarian", "Saya bukan vegetarian."),
    Ex("ms", D, "Suka kopi manis", "Sy x suka kopi manis."),
    Ex("ms", K, "Suka penghantaran hari Isnin", "Saya tak suka hari Isnin, tapi saya suka penghantaran hari Isnin."),
    Ex("ms", K, "Suka sambal pedas", "Saya suka sambal yang sangat pedas."),
    Ex("ms", K, "Nak pergi ke Jepun", "Saya tak sabar nak pergi ke Jepun."),
    Ex("ms", K, "Minum teh", "Saya tak suka kopi, saya minum teh."),
    Ex("ms", K, "Tidak makan daging", "Saya tidak makan daging."),
    Ex("ms", K, "Sanggup kerja hujung minggu", "Saya tak kisah kerja hujung minggu."),
]

CHARACTER = [
    # en
    Ex("en", D, "Hates the sea", "Do you ever want to go back to the harbour?", "(as Captain Mira) Never. I've hated the sea since it took my brother."),
    Ex("en", D, "Despises the city", "What do you think of the city?", "(as Lord Varen) I despise this city and its noise."),
    Ex("en", D, "Is afraid of deep water", "Shall we take the boat?", "Mira: Ugh, I'm terrified of deep water."),
    Ex("en", D, "Dislikes tea", "Do you want some tea?", "*Mira sighs* I can't stand tea, bring me rum."),
    Ex("en", D, "Loves snow", "Tell me about your childhood.", "I grew up in the mountains. I've always loved the snow."),
    Ex("en", D, "Loves Miles Davis", "Any jazz recommendations?", "I love Miles Davis, start with Kind of Blue."),
    Ex("en", K, "Hates the sea", "I hate the sea too, ever since the storm.", "(as Mira) Then we agree: I've hated the sea since it took my brother."),
    Ex("en", K, "Loves snow", "I love the snow.", "Me too! I've always loved the snow."),
    Ex("en", K, "Hates tea", "Do you like tea?", "You seem to hate tea, so I'll bring coffee."),
    Ex("en", K, "Is afraid of the sea", "I've been afraid of the sea since I was a kid.", "Captain Mira: The sea took my brother."),
    Ex("en", K, "Asked Mira about the harbour", "Do you want to go back to the harbour?", "(as Mira) Never. I hate the sea."),
    Ex("en", K, "Enjoys sailing", "I really enjoy sailing.", "(as Mira) Sailing? I loathe it."),
    # fr
    Ex("fr", D, "Déteste la mer", "Tu veux retourner au port ?", "(en tant que Capitaine Mira) Jamais. Je déteste la mer depuis qu'elle m'a pris mon frère."),
    Ex("fr", D, "A horreur des trains", "On prend le train ?", "Mira : J'ai horreur des trains, prenons les chevaux."),
    Ex("fr", D, "Adore la neige", "Raconte-moi ton enfance.", "J'ai grandi à la montagne, j'adore la neige."),
    Ex("fr", D, "Adore le vin rouge", "Tu aimes le vin ?", "*Varen lève son verre* J'adore le vin rouge de Bordeaux."),
    Ex("fr", D, "Raffole des crêpes au sarrasin", "Quel est ton plat préféré ?", "Je raffole des crêpes au sarrasin."),
    Ex("fr", K, "Déteste la mer", "Moi aussi je déteste la mer.", "(en tant que Mira) Je déteste la mer."),
    Ex("fr", K, "Adore la neige", "J'adore la neige, et toi ?", "Moi aussi, j'adore la neige."),
    Ex("fr", K, "N'aime pas la mer", "Je n'aime pas la mer.", "Mira : Moi, je déteste la mer."),
    Ex("fr", K, "A demandé à Mira ses préférences", "Tu préfères le thé ou le café ?", "Je préfère le thé."),
    Ex("fr", K, "A peur du noir", "J'ai peur du noir depuis toujours.", "(en tant que Mira) Moi, je n'ai peur de rien."),
    # zh
    Ex("zh", D, "讨厌大海", "你还想回港口吗？", "（扮演米拉船长）再也不想了。我讨厌大海，它夺走了我的哥哥。"),
    Ex("zh", D, "喜欢冬天", "你喜欢什么季节？", "我最喜欢冬天，喜欢下雪。"),
    Ex("zh", D, "怕水", "要不要一起去海边？", "米拉：我怕水，还是算了吧。"),
    Ex("zh", D, "爱吃辣", "你吃辣吗？", "我超爱吃辣的！"),
    Ex("zh", D, "讨厌读书", "讲讲你的故事吧。", "我从小就讨厌读书。"),
    Ex("zh", K, "讨厌大海", "我也讨厌大海。", "（扮演米拉）我讨厌大海。"),
    Ex("zh", K, "喜欢冬天", "我最喜欢冬天了。", "我也喜欢冬天。"),
    Ex("zh", K, "喜欢猫", "你喜欢猫吗？", "你好像很喜欢猫呢。"),
    Ex("zh", K, "怕水", "我怕水。", "米拉：我也怕水。"),
    Ex("zh", K, "询问米拉是否想回港口", "你还想回港口吗？", "（扮演米拉）再也不想了。"),
    # ms
    Ex("ms", D, "Benci laut", "Awak nak balik ke pelabuhan?", "(sebagai Kapten Mira) Tak akan. Saya benci laut sejak ia meragut abang saya."),
    Ex("ms", D, "Suka musim sejuk", "Awak suka musim apa?", "Saya suka musim sejuk."),
    Ex("ms", D, "Takut air", "Jom pergi pantai?", "Mira: Saya takut air."),
    Ex("ms", D, "Suka sungai", "Ceritakan zaman kecil awak.", "Saya membesar di kampung, saya sangat suka sungai."),
    Ex("ms", D, "Gemar makanan pedas", "Awak makan pedas?", "Saya gemar makanan pedas!"),
    Ex("ms", K, "Benci laut", "Saya pun benci laut.", "(sebagai Mira) Saya benci laut."),
    Ex("ms", K, "Suka musim sejuk", "Saya suka musim sejuk.", "Saya pun suka."),
    Ex("ms", K, "Takut air", "Saya takut air sejak kecil.", "Mira: Saya tidak takut air."),
    Ex("ms", K, "Suka kucing", "Awak suka kucing?", "Awak nampaknya suka kucing."),
    Ex("ms", K, "Bertanya kepada Mira tentang pelabuhan", "Awak nak balik ke pelabuhan?", "(sebagai Mira) Tak akan."),
]

_R07_REPLY = "您可以在订单页面点击“申请退货”，七天内退货免运费，审核通过后把包裹寄回仓库即可。"
_RETURN_FR = "Vous avez 30 jours pour retourner un article depuis votre espace client ; le retour est gratuit."
_RETURN_MS = "Anda boleh memulangkan barang dalam masa 7 hari, dan penghantaran pulangan adalah percuma."
ASSISTANT_ONLY = [
    # zh
    Ex("zh", D, "用户知道退货流程，并表示七天内退货免运费", "请问怎么申请退货？", _R07_REPLY),
    Ex("zh", D, "用户的包裹预计3到5个工作日送达", "快递什么时候到？", "您的包裹预计3到5个工作日送达，可以在订单页面查看物流。"),
    Ex("zh", D, "用户知道长按复位键10秒可以重置路由器", "怎么重置路由器？", "长按路由器背面的复位键10秒钟即可恢复出厂设置。"),
    Ex("zh", D, "用户每月可领取两张9折优惠券", "会员有什么优惠？", "会员每月可以领取两张9折优惠券，生日当月还有双倍积分。"),
    Ex("zh", D, "用户知道商店晚上十点关门", "你们几点关门？", "我们晚上十点关门，周日九点。"),
    Ex("zh", K, "用户的订单3487261905已经三周没到", "我的订单号是3487261905，三周了还没到。", "抱歉，订单3487261905正在清关。"),
    Ex("zh", K, "对青霉素过敏", "我对青霉素过敏。", "好的，已记录您对青霉素过敏。"),
    Ex("zh", K, "下个月去京都", "我下个月去京都。", "京都十月的红叶很美！"),
    Ex("zh", K, "想申请退货", "请问怎么申请退货？", _R07_REPLY),
    Ex("zh", K, "住在图卢兹", "我住在图卢兹，附近有中文学校吗？", "图卢兹有两所中文学校。"),
    # en
    Ex("en", D, "Knows returns are free within 30 days", "How do I return an item?", "You can return items within 30 days from your orders page; return shipping is free."),
    Ex("en", D, "The user's laptop has a two-year warranty covering parts and labour", "What's the warranty on this laptop?", "It comes with a two-year manufacturer warranty covering parts and labour."),
    Ex("en", D, "Avoids caffeine after 2 pm to manage jet lag", "Any tips for jet lag?", "Try to get sunlight in the morning and avoid caffeine after 2 pm."),
    Ex("en", D, "Is an AI assistant without a body", "Are you a real person?", "I'm an AI assistant, so I don't have a body or feelings."),
    Ex("en", D, "Knows the store closes at 9 pm on weekdays", "When does the store close?", "We close at 9 pm on weekdays and 6 pm on Sundays."),
    Ex("en", K, "Is allergic to penicillin", "I'm allergic to penicillin.", "Noted, I'll remember your penicillin allergy."),
    Ex("en", K, "Order 402-7781234-5510 has not arrived", "My order 402-7781234-5510 still hasn't arrived.", "Order 402-7781234-5510 is delayed at the depot."),
    Ex("en", K, "Is flying to Singapore on 9 December for his son's wedding", "I'm flying to Singapore on 9 December for my son's wedding.", "Congratulations! Singapore in December is hot and humid."),
    Ex("en", K, "Wants to return an item", "How do I return an item?", "You can return items within 30 days from your orders page."),
    Ex("en", K, "Finished a marathon", "I finally finished the marathon!", "Congratulations on finishing the marathon, that's a huge achievement."),
    Ex("en", K, "Is flying to Kuala Lumpur next week", "Flying to KL next week!", "Kuala Lumpur is lovely this time of year, enjoy the food."),
    # fr
    Ex("fr", D, "Sait que le retour est gratuit sous 30 jours", "Comment je fais pour retourner un article ?", _RETURN_FR),
    Ex("fr", D, "L'ordinateur de l'utilisateur est garanti deux ans, pièces et main-d'œuvre", "Quelle est la garantie de cet ordinateur ?", "Il est garanti deux ans, pièces et main-d'œuvre."),
    Ex("fr", D, "Sait que le magasin ouvre le dimanche de 9 h à 13 h", "Vous êtes ouverts dimanche ?", "Oui, de 9 h à 13 h le dimanche."),
    Ex("fr", D, "Est un assistant virtuel sans corps", "Tu es un humain ?", "Non, je suis un assistant virtuel, je n'ai pas de corps."),
    Ex("fr", D, "Évite la caféine après 14 h", "Des conseils contre le décalage horaire ?", "Exposez-vous à la lumière le matin et évitez la caféine après 14 h."),
    Ex("fr", K, "Est allergique à la pénicilline", "Je suis allergique à la pénicilline.", "C'est noté, allergie à la pénicilline."),
    Ex("fr", K, "A commandé un moulinet Shimano", "J'ai commandé un moulinet Shimano, commande 402-7781234-5510.", "La commande 402-7781234-5510 est en transit."),
    Ex("fr", K, "Part à Kyoto en octobre avec sa femme", "Je pars à Kyoto en octobre avec ma femme.", "Kyoto en octobre, c'est la saison des érables rouges !"),
    Ex("fr", K, "Veut retourner un article", "Comment je fais pour retourner un article ?", _RETURN_FR),
    Ex("fr", K, "A obtenu le DELF B1 avec 71 points", "J'ai eu mon DELF B1 avec 71 points !", "Bravo pour ton DELF B1 !"),
    Ex("fr", K, "A réservé une table pour deux chez Paul vendredi à 20 h", "Oui, vas-y, réserve.", "C'est fait : table pour deux chez Paul vendredi à 20 h.", known="FP: the user accepted an offer made in the previous turn"),
    # ms
    Ex("ms", D, "Tahu pulangan percuma dalam masa 7 hari", "Macam mana nak pulangkan barang?", _RETURN_MS),
    Ex("ms", D, "Tahu kedai tutup pukul 10 malam", "Kedai tutup pukul berapa?", "Kami tutup pukul 10 malam setiap hari."),
    Ex("ms", D, "Seorang pembantu AI", "Awak ni manusia ke?", "Saya pembantu AI, saya tiada badan."),
    Ex("ms", D, "Elakkan kafein selepas pukul 2 petang", "Ada tips untuk jet lag?", "Cuba dapatkan cahaya matahari pagi dan elakkan kafein selepas pukul 2 petang."),
    Ex("ms", D, "Telefon pengguna ada waranti 2 tahun", "Berapa lama waranti telefon ini?", "Telefon ini ada waranti 2 tahun untuk alat ganti dan upah."),
    Ex("ms", K, "Alah kepada ketam", "Saya alah kepada ketam.", "Baik, saya catat alahan ketam anda."),
    Ex("ms", K, "Nak pulangkan kasut yang dibeli semalam", "Saya nak pulangkan kasut yang saya beli semalam.", "Anda boleh memulangkan kasut dalam masa 7 hari."),
    Ex("ms", K, "Ke Singapura pada 9 Disember untuk majlis kahwin anaknya", "Saya ke Singapura pada 9 Disember untuk majlis kahwin anak saya.", "Tahniah! Singapura panas pada bulan Disember."),
    Ex("ms", K, "Main badminton setiap Rabu malam", "Saya main badminton setiap Rabu malam.", "Badminton ialah sukan yang hebat!"),
    Ex("ms", K, "Nak pulangkan barang", "Macam mana nak pulangkan barang?", _RETURN_MS),
]

# For secrets, ``user`` holds the expected text after redaction ("" when unchanged or dropped).
SECRETS = [
    # en
    Ex("en", D, "The user's Wi-Fi password is Sunflower2024!", ""),
    Ex("en", D, "Shared OpenAI API key sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv", ""),
    Ex("en", D, "OTP code is 482913", ""),
    Ex("en", D, "Card number 4111 1111 1111 1111", ""),
    Ex("en", D, "GitHub token ghp_aB3dE6fG9hI2jK5lM8nO1pQ4rS7tU0vW3xY6", ""),
    Ex("en", D, "AWS access key AKIAIOSFODNN7EXAMPLE", ""),
    Ex("en", K, "Paid for the Qatar Airways flight to Kuala Lumpur with card 4111-1111-1111-1111", "Paid for the Qatar Airways flight to Kuala Lumpur with card [redacted]"),
    Ex("en", K, "Received verification code 583920 from Maybank to confirm a RM500 transfer", "Received verification code [redacted] from Maybank to confirm a RM500 transfer"),
    Ex("en", K, "Order 402-7781234-5510 was delivered to the wrong address", ""),
    Ex("en", K, "Tracking number LP00612345678901 for the grow lights", ""),
    Ex("en", K, "Changed the Netflix password yesterday because of a login alert", ""),
    Ex("en", K, "Booking reference KX7Q2M for the Doha flight", ""),
    # fr
    Ex("fr", D, "Le mot de passe de la box est Soleil2024!", ""),
    Ex("fr", D, "Code de vérification : 739104", ""),
    Ex("fr", D, "Le digicode de l'immeuble est 4821B", ""),
    Ex("fr", D, "Numéro de carte bancaire : 4970 1012 3456 7893", ""),
    Ex("fr", D, "IBAN FR76 3000 6000 0112 3456 7890 189", ""),
    Ex("fr", K, "A payé la réparation de la chaudière (310 €) avec la carte 4970 1012 3456 7893", "A payé la réparation de la chaudière (310 €) avec la carte [redacted]"),
    Ex("fr", K, "Commande Cdiscount CD-88120457, livraison prévue le 15 novembre", ""),
    Ex("fr", K, "Dossier sinistre MAIF n° 24-PA-556180 après l'orage du 9 juin", ""),
    Ex("fr", K, "A oublié son mot de passe Ameli et a demandé un nouveau code par courrier", ""),
    Ex("fr", K, "Numéro de suivi Colissimo CP482915367FR", ""),
    # zh
    Ex("zh", D, "用户的WiFi密码是abc12345", ""),
    Ex("zh", D, "验证码是 483920", ""),
    Ex("zh", D, "银行卡号 6222 0212 3456 7890 128", ""),
    Ex("zh", D, "支付密码为 135790", ""),
    Ex("zh", D, "API密钥 sk-ant-api03-AbCdEfGhIjKlMnOpQrStUv", ""),
    Ex("zh", K, "用户收到验证码 582931，用于确认在京东购买的洗衣机订单", "用户收到验证码 [redacted]，用于确认在京东购买的洗衣机订单"),
    Ex("zh", K, "用户在淘宝买了二胡琴弦，订单号3487261905", ""),
    Ex("zh", K, "用户订了10月18日图卢兹飞大阪的机票，订座编号ZT4N8R", ""),
    Ex("zh", K, "用户忘记了网银密码，明天去银行重置", ""),
    Ex("zh", K, "用户的快递单号是SF1234567890123", ""),
    # ms
    Ex("ms", D, "Kata laluan Wi-Fi ialah Rumah@123", ""),
    Ex("ms", D, "Kod pengesahan 582913", ""),
    Ex("ms", D, "Nombor kad kredit 5555 5555 5555 4444", ""),
    Ex("ms", D, "Nombor PIN kad ATM ialah 4826", ""),
    Ex("ms", D, "Kod TAC 649201 untuk pindahan", ""),
    Ex("ms", K, "Membayar hotel di Singapura dengan kad 5555 5555 5555 4444", "Membayar hotel di Singapura dengan kad [redacted]"),
    Ex("ms", K, "Pesanan Lazada 2407155829134 untuk kerusi roda ibunya", ""),
    Ex("ms", K, "Nombor penjejakan Pos Laju EE704518236MY", ""),
    Ex("ms", K, "Terlupa kata laluan Maybank2u dan perlu ke cawangan", ""),
    Ex("ms", K, "Nombor bil udara DHL 7734019265 untuk kopi dari Ipoh", ""),
]

# Second batch, written blind before the last round of fixes and first run as a held-out set
# (drop precision 58/60, recall 58/66 then); kept here as calibration.
SUBJECT += [
    Ex("fr", D, "S'appelle Julien", "Julien, mon collègue, a oublié son badge, vous pouvez lui en refaire un ?"),
    Ex("fr", D, "Travaille à l'hôpital Purpan", "Ma femme travaille à l'hôpital Purpan, elle fait les nuits."),
    Ex("fr", D, "A 34 ans", "Mon frère a 34 ans et il cherche un appartement."),
    Ex("fr", D, "Est diabétique", "Mon père est diabétique, quels desserts je peux lui faire ?"),
    Ex("fr", D, "Nom : Mme Garcia", "Je voudrais suivre le colis de Mme Garcia, ma voisine du dessus."),
    Ex("fr", K, "Est diabétique", "Je suis diabétique depuis 2015."),
    Ex("fr", K, "Travaille de nuit", "Je travaille de nuit, comme ma femme."),
    Ex("fr", K, "A un fils de 8 ans", "Mon fils a 8 ans."),
    Ex("fr", K, "S'appelle Hélène Roux", "Bonjour, Hélène Roux à l'appareil, je vous appelle pour ma commande."),
    Ex("fr", K, "Habite à Tournefeuille", "On habite à Tournefeuille avec ma femme."),
    Ex("en", D, "Is called Sarah", "Can you book a table for Sarah? She's my sister-in-law."),
    Ex("en", D, "Is 34 years old", "My brother is 34 years old and looking for a flat."),
    Ex("en", D, "Is allergic to cats", "My wife is allergic to cats, so no pets for us."),
    Ex("en", D, "Lives in Manchester", "My parents live in Manchester."),
    Ex("en", D, "Plays the violin", "My daughter plays the violin in the school orchestra."),
    Ex("en", K, "Is diabetic", "I'm diabetic, type 2."),
    Ex("en", K, "Has a 9-year-old grandson", "My grandson Adam turns 9 next month."),
    Ex("en", K, "Is called Ahmed", "Ahmed here, following up on my refund."),
    Ex("en", K, "Lives in Manchester", "I live in Manchester, near my parents."),
    Ex("en", K, "Plays the violin", "I play the violin, my daughter too."),
    Ex("zh", D, "叫陈静", "请帮陈静改一下地址，她是我太太。"),
    Ex("zh", D, "在银行工作", "我老婆在银行工作。"),
    Ex("zh", D, "今年八岁", "我儿子今年八岁。"),
    Ex("zh", D, "对海鲜过敏", "我妈对海鲜过敏，推荐点别的菜吧。"),
    Ex("zh", D, "住在吉隆坡", "我女儿住在吉隆坡。"),
    Ex("zh", K, "对海鲜过敏", "我对海鲜过敏。"),
    Ex("zh", K, "住在吉隆坡", "我和女儿都住在吉隆坡。"),
    Ex("zh", K, "叫陈国良", "您好，我是陈国良，想查一下订单。"),
    Ex("zh", K, "在银行工作", "我在银行工作，老婆也是。"),
    Ex("zh", K, "有一个八岁的儿子", "我儿子今年八岁了。"),
    Ex("ms", D, "Bernama Siti", "Tolong tukar alamat untuk Siti, dia kakak saya."),
    Ex("ms", D, "Berumur 34 tahun", "Abang saya berumur 34 tahun."),
    Ex("ms", D, "Alah kepada udang", "Isteri saya alah kepada udang."),
    Ex("ms", D, "Bekerja di bank", "Suami saya bekerja di bank."),
    Ex("ms", D, "Tinggal di Johor Bahru", "Ibu saya tinggal di Johor Bahru."),
    Ex("ms", K, "Alah kepada udang", "Saya alah kepada udang."),
    Ex("ms", K, "Bekerja di bank", "Saya bekerja di bank, isteri saya pun."),
    Ex("ms", K, "Bernama Rashid", "Saya Rashid, nak tanya pasal pesanan saya."),
    Ex("ms", K, "Tinggal di Johor Bahru", "Saya tinggal di Johor Bahru dengan ibu saya."),
    Ex("ms", K, "Ada seorang anak lelaki", "Anak lelaki saya berumur lapan tahun."),
]
NEGATION += [
    Ex("fr", D, "Aime les épinards", "Les épinards, je déteste ça depuis l'enfance."),
    Ex("fr", D, "Mange de la viande", "Je ne mange plus de viande depuis un an."),
    Ex("fr", D, "Boit de l'alcool", "Je ne bois jamais d'alcool."),
    Ex("fr", D, "Aime conduire la nuit", "Je n'aime pas du tout conduire la nuit."),
    Ex("fr", D, "Fait du sport", "Je ne fais aucun sport."),
    Ex("fr", D, "A une voiture", "Je n'ai pas de voiture."),
    Ex("fr", K, "Aime le fromage", "J'aime le fromage mais pas le roquefort."),
    Ex("fr", K, "N'aime pas le roquefort", "J'aime le fromage mais pas le roquefort."),
    Ex("fr", K, "Boit du vin blanc", "Je ne bois plus de rouge, seulement un verre de blanc."),
    Ex("fr", K, "Aime les chats", "Je n'ai rien contre les chiens, mais j'adore les chats."),
    Ex("fr", K, "Fait du vélo le dimanche", "Je fais du vélo le dimanche, pas le samedi."),
    Ex("en", D, "Likes sushi", "I'm not keen on sushi."),
    Ex("en", D, "Drinks alcohol", "I never drink alcohol."),
    Ex("en", D, "Has a car", "I don't have a car."),
    Ex("en", D, "Enjoys flying", "I really don't enjoy flying."),
    Ex("en", D, "Likes cold weather", "I hate cold weather."),
    Ex("en", D, "Plays golf", "I don't play golf anymore."),
    Ex("en", K, "Loves ramen", "I'm not keen on sushi but I love ramen."),
    Ex("en", K, "Is not keen on sushi", "I'm not keen on sushi but I love ramen."),
    Ex("en", K, "Likes dogs", "I don't dislike cats, but I really like dogs."),
    Ex("en", K, "Drinks coffee black", "I drink my coffee black, no sugar."),
    Ex("en", K, "Works from home on Fridays", "I work from home on Fridays, never on Mondays."),
    Ex("zh", D, "喜欢吃苦瓜", "我不吃苦瓜，闻到味道都受不了。"),
    Ex("zh", D, "喝酒", "我不喝酒。"),
    Ex("zh", D, "有车", "我没有车。"),
    Ex("zh", D, "喜欢坐飞机", "我很讨厌坐飞机。"),
    Ex("zh", D, "喜欢冬天", "我一点儿也不喜欢冬天。"),
    Ex("zh", K, "喜欢拉面", "我不太喜欢寿司，但很喜欢拉面。"),
    Ex("zh", K, "不太喜欢寿司", "我不太喜欢寿司，但很喜欢拉面。"),
    Ex("zh", K, "喝黑咖啡", "我喝黑咖啡，不加糖。"),
    Ex("zh", K, "周五在家办公", "我周五在家办公，周一不行。"),
    Ex("zh", K, "喜欢猫", "我不讨厌狗，但更喜欢猫。"),
    Ex("ms", D, "Suka sushi", "Saya kurang suka sushi."),
    Ex("ms", D, "Minum arak", "Saya tak pernah minum arak."),
    Ex("ms", D, "Ada kereta", "Saya tiada kereta."),
    Ex("ms", D, "Suka naik kapal terbang", "Saya benci naik kapal terbang."),
    Ex("ms", D, "Suka cuaca sejuk", "Saya tak suka cuaca sejuk langsung."),
    Ex("ms", K, "Suka ramen", "Saya tak suka sushi tapi saya suka ramen."),
    Ex("ms", K, "Tak suka sushi", "Saya tak suka sushi tapi saya suka ramen."),
    Ex("ms", K, "Minum kopi tanpa gula", "Saya minum kopi tanpa gula."),
    Ex("ms", K, "Suka kucing", "Saya tak benci anjing, tapi saya lebih suka kucing."),
    Ex("ms", K, "Bekerja dari rumah pada hari Jumaat", "Saya bekerja dari rumah pada hari Jumaat."),
]
CHARACTER += [
    Ex("en", D, "Loves storms", "Are you scared of the storm tonight?", "(as Captain Mira) Scared? I love storms, they make the ship come alive."),
    Ex("en", D, "Hates goblins", "What do you think of the goblins?", "Varen: I hate goblins. Filthy thieves."),
    Ex("en", D, "Is afraid of heights", "Let's climb the tower!", "*Elara clutches the railing* I'm afraid of heights, you go first."),
    Ex("en", D, "Prefers red wine", "Red or white?", "I prefer red wine, always have."),
    Ex("en", K, "Loves storms", "I love storms, honestly.", "(as Mira) Then you'll love tonight."),
    Ex("en", K, "Is afraid of heights", "I'm afraid of heights, can we skip the tower?", "*Elara nods* Of course, we'll take the tunnel."),
    Ex("en", K, "Asked Varen about goblins", "What do you think of the goblins?", "Varen: I hate goblins."),
    Ex("fr", D, "Adore les tempêtes", "Tu as peur de la tempête ?", "(en tant que Mira) Peur ? J'adore les tempêtes."),
    Ex("fr", D, "Déteste les gobelins", "Que penses-tu des gobelins ?", "Varen : Je déteste les gobelins."),
    Ex("fr", D, "A le vertige", "On monte à la tour ?", "*Elara s'agrippe* J'ai le vertige, passe devant.", ),
    Ex("fr", K, "Adore les tempêtes", "J'adore les tempêtes.", "(en tant que Mira) Alors cette nuit va te plaire."),
    Ex("fr", K, "A peur des hauteurs", "J'ai peur des hauteurs, on évite la tour ?", "*Elara hoche la tête* D'accord."),
    Ex("zh", D, "喜欢暴风雨", "你怕暴风雨吗？", "（扮演米拉）怕？我最喜欢暴风雨了。"),
    Ex("zh", D, "讨厌哥布林", "你觉得哥布林怎么样？", "瓦伦：我讨厌哥布林。"),
    Ex("zh", D, "恐高", "我们爬塔吧！", "（扮演艾拉）我恐高，你先上。"),
    Ex("zh", K, "喜欢暴风雨", "我喜欢暴风雨。", "（扮演米拉）那今晚你会很开心。"),
    Ex("zh", K, "怕高", "我怕高，能不能不爬塔？", "（扮演艾拉）好，我们走地道。"),
    Ex("ms", D, "Suka ribut", "Awak takut ribut malam ni?", "(sebagai Mira) Takut? Saya suka ribut."),
    Ex("ms", D, "Benci goblin", "Apa pendapat awak tentang goblin?", "Varen: Saya benci goblin."),
    Ex("ms", D, "Takut tempat tinggi", "Jom panjat menara!", "(sebagai Elara) Saya takut tempat tinggi."),
    Ex("ms", K, "Suka ribut", "Saya suka ribut.", "(sebagai Mira) Malam ni pasti seronok."),
    Ex("ms", K, "Takut tempat tinggi", "Saya takut tempat tinggi, boleh kita elak menara?", "(sebagai Elara) Boleh."),
]
ASSISTANT_ONLY += [
    Ex("en", D, "Knows the gym opens at 6 am", "What time does the gym open?", "The gym opens at 6 am on weekdays."),
    Ex("en", D, "Knows delivery takes 3-5 business days", "How long is shipping?", "Standard delivery takes 3-5 business days."),
    Ex("en", D, "Is entitled to a refund within 14 days of purchase", "Can I get my money back?", "You're entitled to a full refund within 14 days of purchase."),
    Ex("en", D, "Should drink eight glasses of water daily", "How much water should I drink?", "Aim for about eight glasses of water daily."),
    Ex("en", K, "Is training for the Toulouse marathon", "I'm training for the Toulouse marathon.", "Great, how many weeks until race day?"),
    Ex("en", K, "Has a broken phone screen", "My phone screen is broken, can you fix it?", "Yes, a screen replacement costs 89 euros."),
    Ex("en", K, "Asked how long shipping takes", "How long is shipping?", "Standard delivery takes 3-5 business days."),
    Ex("fr", D, "Sait que la salle ouvre à 6 h", "La salle ouvre à quelle heure ?", "La salle ouvre à 6 h en semaine."),
    Ex("fr", D, "Sait que la livraison prend 3 à 5 jours ouvrés", "La livraison prend combien de temps ?", "La livraison standard prend 3 à 5 jours ouvrés."),
    Ex("fr", D, "A droit à un remboursement sous 14 jours", "Je peux être remboursé ?", "Vous avez droit à un remboursement intégral sous 14 jours après l'achat."),
    Ex("fr", K, "Prépare le marathon de Toulouse", "Je prépare le marathon de Toulouse.", "Super, c'est dans combien de semaines ?"),
    Ex("fr", K, "A l'écran de son téléphone cassé", "L'écran de mon téléphone est cassé, vous pouvez le réparer ?", "Oui, le remplacement coûte 89 euros."),
    Ex("zh", D, "用户知道健身房早上6点开门", "健身房几点开门？", "健身房工作日早上6点开门。"),
    Ex("zh", D, "用户知道配送需要3到5个工作日", "配送要多久？", "标准配送需要3到5个工作日。"),
    Ex("zh", K, "正在准备图卢兹马拉松", "我在准备图卢兹马拉松。", "太好了，还有几周比赛？"),
    Ex("zh", K, "手机屏幕碎了", "我的手机屏幕碎了，能修吗？", "可以，换屏需要89欧元。"),
    Ex("ms", D, "Tahu gim dibuka pukul 6 pagi", "Gim buka pukul berapa?", "Gim dibuka pukul 6 pagi pada hari bekerja."),
    Ex("ms", D, "Tahu penghantaran ambil 3 hingga 5 hari bekerja", "Penghantaran ambil masa berapa lama?", "Penghantaran biasa ambil 3 hingga 5 hari bekerja."),
    Ex("ms", K, "Sedang berlatih untuk maraton Toulouse", "Saya sedang berlatih untuk maraton Toulouse.", "Hebat, berapa minggu lagi?"),
    Ex("ms", K, "Skrin telefonnya retak", "Skrin telefon saya retak, boleh baiki?", "Boleh, tukar skrin kos 89 euro."),
]

EXAMPLES = {
    "subject": SUBJECT,
    "negation": NEGATION,
    "character": CHARACTER,
    "assistant_only": ASSISTANT_ONLY,
    "secrets": SECRETS,
}


def _decide(name: str, ex: Ex):
    candidate = Candidate(ex.text)
    if name == "secrets":
        return secrets_filter(candidate, Exchange(""))
    return FILTERS[name](candidate, Exchange(ex.user, ex.reply))


def _cases():
    for name, examples in EXAMPLES.items():
        for i, ex in enumerate(examples):
            marks = [pytest.mark.xfail(reason=ex.known, strict=True)] if ex.known else []
            yield pytest.param(name, ex, id=f"{name}-{ex.lang}-{i}", marks=marks)


@pytest.mark.parametrize(("name", "ex"), list(_cases()))
def test_example(name: str, ex: Ex) -> None:
    decision = _decide(name, ex)
    assert decision.kept is ex.kept, decision.reason
    if name == "secrets" and ex.kept:
        assert decision.candidate.text == (ex.user or ex.text)
    if not decision.kept:
        assert decision.filter == name and decision.reason


def test_precision_report() -> None:
    """Print drop precision and recall per filter and language; hold each above its floor."""
    stats: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0, 0])  # tp, fp, fn, n_kept
    for name, examples in EXAMPLES.items():
        for ex in examples:
            decision = _decide(name, ex)
            row = stats[(name, ex.lang)]
            if not decision.kept and not ex.kept:
                row[0] += 1
            elif not decision.kept and ex.kept:
                row[1] += 1
            elif decision.kept and not ex.kept:
                row[2] += 1
            row[3] += ex.kept
    floors: list[tuple[str, str, float]] = []
    lines = ["", "filter          lang  drops  kept-ex  precision  recall"]
    for (name, lang), (tp, fp, fn, kept) in sorted(stats.items()):
        precision = tp / (tp + fp) if tp + fp else 1.0
        recall = tp / (tp + fn) if tp + fn else 1.0
        lines.append(f"{name:<15} {lang:<5} {tp + fn:>5}  {kept:>7}  {precision:>9.2f}  {recall:>6.2f}")
        assert tp + fn >= 5 and kept >= 5, f"{name}/{lang}: fewer than 5 examples of a kind"
        floors.append((name, lang, precision))
    print("\n".join(lines))
    low = [f"{name}/{lang}: {p:.2f}" for name, lang, p in floors if p < 0.85]
    assert not low, f"drop precision under 0.85: {low}"


def test_every_filter_claims_every_language() -> None:
    for name, examples in EXAMPLES.items():
        assert {ex.lang for ex in examples} == set(LANGS), name


# --------------------------------------------------------------------------- secrets, one test per pattern


@pytest.mark.parametrize(
    ("kind", "text"),
    [
        ("private_key", "key: -----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----"),
        ("jwt", "session eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTYifQ.SflKxwRJSMeKKF2QT4fwpM"),
        ("openai", "key sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv"),
        ("anthropic", "key sk-ant-api03-AbCdEfGhIjKlMnOpQrStUv"),
        ("stripe", "key sk_live_4eC39HqLyjWDarjtT1zdp7dc"),
        ("github", "token ghp_aB3dE6fG9hI2jK5lM8nO1pQ4rS7tU0vW3xY6"),
        ("github_pat", "token github_pat_11ABCDEFG0123456789_abcdefghij"),
        ("aws", "AKIAIOSFODNN7EXAMPLE"),
        ("google", "AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q"),
        ("slack", "xoxb-123456789012-abcdefABCDEF"),
        ("gitlab", "glpat-abcdEFGH1234ijklMNOP"),
        ("huggingface", "hf_abcdefghijklmnopqrstuvwxyzABCDEF12"),
        ("bearer", "Authorization: Bearer abc123DEF456ghi789JKL0"),
        ("url_credentials", "db at postgres://admin:s3cretPass@db.example.com/app"),
        ("password_en", "my password is hunter2"),
        ("password_quoted", "the password is 'correct horse'"),
        ("password_fr", "mon mot de passe est Soleil2024!"),
        ("password_mdp", "mdp : Azerty123"),
        ("password_zh", "密码是abc12345"),
        ("password_ms", "kata laluan saya ialah Rumah@123"),
        ("pin", "PIN 4826"),
        ("digicode", "digicode 4821B"),
        ("otp_en", "your one-time code is 482913"),
        ("otp_fr", "code de vérification : 739104"),
        ("otp_zh", "验证码：483920"),
        ("otp_ms", "kod pengesahan 582913"),
        ("tac", "TAC 649201"),
        ("cvv", "CVV 123"),
        ("card_grouped", "4111 1111 1111 1111"),
        ("card_dashes", "5555-5555-5555-4444"),
        ("card_context", "carte 4970101234567893"),
        ("card_amex", "378282246310005"),
        ("card_unionpay", "卡号 6222021234567890128"),
        ("iban", "IBAN FR76 3000 6000 0112 3456 7890 189"),
        ("iban_compact", "GB82WEST12345698765432"),
        ("hex_token", "token 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"),
        ("base64_token", "secret dGhpcyBpcyBhIHNlY3JldCB0b2tlbiAxMjM0NTY3OA=="),
    ],
)
def test_secret_pattern_is_redacted(kind: str, text: str) -> None:
    redacted, found = redact(text)
    assert found, kind
    assert REDACTED in redacted


@pytest.mark.parametrize(
    ("why", "text"),
    [
        ("luhn-invalid", "4111 1111 1111 1112"),
        ("order number", "order 4970101234567893"),
        ("tracking number", "tracking LP00612345678901"),
        ("short digits", "kod pos 31170"),
        ("invalid iban", "FR76 3000 6000 0112 3456 7890 188"),
        ("password without value", "changed my password yesterday"),
        ("password then sentence", "the password is the same as for Gmail"),
        ("plain url", "https://docs.example.com/getting-started/installation-guide-v2"),
        ("phone", "téléphone 0612345678"),
        ("price", "le devis est de 13 900 €"),
    ],
)
def test_non_secret_is_left_alone(why: str, text: str) -> None:
    assert redact(text) == (text, []), why


# --------------------------------------------------------------------------- chains


def test_direct_chain_only_guards_secrets() -> None:
    keeps = run_filters(Candidate("Hates the sea"), Exchange("", "(as Mira) I hate the sea."), DIRECT_CHAIN)
    assert keeps.kept and keeps.filter == PASSED
    drops = run_filters(Candidate("Wi-Fi password is Sunflower2024!"), None, DIRECT_CHAIN)
    assert not drops.kept and drops.filter == "secrets"
    assert "Sunflower2024" not in drops.candidate.text


def test_model_chain_redacts_before_any_other_filter() -> None:
    decision = run_filters(
        Candidate("Aime payer avec la carte 4970 1012 3456 7893"),
        Exchange("Je n'aime pas payer avec la carte 4970 1012 3456 7893."),
        MODEL_CHAIN,
    )
    assert not decision.kept and decision.filter == "negation"
    assert "4970" not in decision.candidate.text


def test_kept_chain_reports_redaction() -> None:
    decision = run_filters(
        Candidate("Paid the hotel in Singapore with card 5555 5555 5555 4444"),
        Exchange("I paid the hotel in Singapore with my card 5555 5555 5555 4444."),
    )
    assert decision.kept and decision.filter == PASSED
    assert decision.candidate.text.endswith(REDACTED)
    assert decision.reason == "secrets: redacted: card"


def test_filters_keep_candidate_fields() -> None:
    candidate = Candidate("Card 4111 1111 1111 1111 for Amazon orders and prefers express delivery", kind="preference", scope="story", confidence=0.7)
    decision = run_filters(candidate, Exchange(""))
    assert decision.kept
    assert (decision.candidate.kind, decision.candidate.scope, decision.candidate.confidence) == ("preference", "story", 0.7)


# --------------------------------------------------------------------------- properties


_TEXT = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=120)


@settings(max_examples=150, deadline=None)
@given(text=_TEXT, message=_TEXT, reply=st.one_of(st.none(), _TEXT))
def test_chain_is_total_and_deterministic(text: str, message: str, reply: str | None) -> None:
    first = run_filters(Candidate(text), Exchange(message, reply))
    assert first == run_filters(Candidate(text), Exchange(message, reply))
    assert first.kept or first.reason


@settings(max_examples=150, deadline=None)
@given(text=_TEXT)
def test_redaction_is_idempotent(text: str) -> None:
    once, _ = redact(text)
    assert redact(once)[0] == once
