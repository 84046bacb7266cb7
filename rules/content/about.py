# ruff: noqa: E501, RUF001
"""The about page, linked from the footer."""

from .typography import french, text

PAGE = {
    "key": "about",
    "order": 100,
    "menu": False,
    "en": {
        "title": "About Miaojong",
        "slug": "about",
        "summary": "Who we are and what we are building.",
        "body": text("""
            Miaojong is a small team that builds tile games for the web. We love the quiet focus of a good tile game, and we want it to be easy to reach from any browser, in your own language.

            Mahjong Solitaire comes first. Alongside the game you will find clear rules, strategy tips, a short history of the game and answers to the questions players ask most often.

            From the very first day, the site is available in English, Italian, Polish, Russian and French.
        """),
    },
    "it": {
        "title": "Chi siamo",
        "slug": "chi-siamo",
        "summary": "Chi siamo e che cosa stiamo costruendo.",
        "body": text("""
            Miaojong è un piccolo team che crea giochi di tessere per il web. Amiamo la concentrazione tranquilla che regala un buon gioco di tessere e vogliamo che sia a portata di mano in qualsiasi browser, nella tua lingua.

            Si comincia con il Mahjong Solitario. Accanto al gioco trovi regole chiare, consigli di strategia, un po' di storia e le risposte alle domande che i giocatori ci fanno più spesso.

            Fin dal primo giorno il sito è disponibile in inglese, italiano, polacco, russo e francese.
        """),
    },
    "pl": {
        "title": "O nas",
        "slug": "o-nas",
        "summary": "Kim jesteśmy i nad czym pracujemy.",
        "body": text("""
            Miaojong to niewielki zespół, który tworzy przeglądarkowe gry z kamieniami, takie jak mahjong. Lubimy spokojne skupienie, jakie daje dobra gra tego rodzaju, i chcemy, żeby można było w nią zagrać w każdej przeglądarce, we własnym języku.

            Zaczynamy od Mahjong Solitaire. Oprócz samej gry znajdziesz tu przejrzyste zasady, porady dotyczące strategii, krótką historię gry i odpowiedzi na pytania, które gracze zadają najczęściej.

            Od pierwszego dnia strona jest dostępna po angielsku, włosku, polsku, rosyjsku i francusku.
        """),
    },
    "ru": {
        "title": "О нас",
        "slug": "o-nas",
        "summary": "Кто мы и что мы делаем.",
        "body": text("""
            Miaojong — небольшая команда, которая делает браузерные игры с фишками, такие как маджонг. Мы любим спокойную сосредоточенность, которую дарит хорошая игра такого рода, и хотим, чтобы в неё можно было сыграть в любом браузере и на своём языке.

            Начинаем мы с пасьянса «Маджонг». Помимо самой игры, здесь есть понятные правила, советы по стратегии, краткая история игры и ответы на вопросы, которые игроки задают чаще всего.

            С первого дня сайт доступен на английском, итальянском, польском, русском и французском языках.
        """),
    },
    "fr": french(
        {
            "title": "À propos de Miaojong",
            "slug": "a-propos",
            "summary": "Qui nous sommes et ce que nous construisons.",
            "body": text("""
            Miaojong est une petite équipe qui crée des jeux de tuiles pour le web. Nous aimons la concentration paisible qu’offre un bon jeu de tuiles, et nous voulons qu’il soit accessible depuis n’importe quel navigateur, dans votre langue.

            Nous commençons par le Mahjong solitaire. À côté du jeu, vous trouverez des règles claires, des conseils de stratégie, un peu d’histoire et les réponses aux questions que les joueurs posent le plus souvent.

            Dès le premier jour, le site est disponible en anglais, en italien, en polonais, en russe et en français.
        """),
        }
    ),
}
