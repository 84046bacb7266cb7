"""Sample pages in every language, loaded by ``manage.py load_sample_content``.

Each entry is keyed by the page's ``key``; ``translations`` holds the
translated fields per language code. Paragraphs in ``body`` are separated by
an empty line. French texts use a no-break space before ``:`` and ``!``.
"""

from __future__ import annotations

NBSP = "\u00a0"

SAMPLE_PAGES: list[dict] = [
    {
        "key": "home",
        "order": 0,
        "translations": {
            "en": {
                "title": "Welcome to Miaojong",
                "slug": "home",
                "summary": "A calm tile-matching game you can play in your browser.",
                "body": (
                    "Mahjong Solitaire is a game for one player. The 144 tiles of a Mahjong "
                    "set are stacked into a layout, and your goal is to clear the board by "
                    "removing them in pairs of identical tiles.\n\n"
                    "You may only take a tile that is free: nothing lies on top of it, and its "
                    "left or right side is open. Pick two identical free tiles and they leave "
                    "the board. Think a few moves ahead, because an unlucky order of moves can "
                    "leave you with no pair to take.\n\n"
                    "Welcome to Miaojong! We are just getting started: read the rules, and come "
                    "back soon to play."
                ),
            },
            "it": {
                "title": "Benvenuti su Miaojong",
                "slug": "benvenuti",
                "summary": "Un gioco tranquillo di abbinamento di tessere, da giocare nel browser.",
                "body": (
                    "Il Mahjong Solitario è un gioco per un solo giocatore. Le 144 tessere di "
                    "un set di Mahjong sono impilate secondo uno schema e lo scopo è svuotare "
                    "il tavolo togliendole a coppie di tessere identiche.\n\n"
                    "Si può prendere solo una tessera libera: sopra non deve esserci nulla e il "
                    "suo lato sinistro o destro deve essere scoperto. Scegli due tessere libere "
                    "identiche e verranno tolte dal tavolo. Pensa qualche mossa in anticipo, "
                    "perché un ordine sfortunato può lasciarti senza coppie da prendere.\n\n"
                    "Ti diamo il benvenuto su Miaojong! Siamo solo all'inizio: leggi le regole "
                    "e torna presto per giocare."
                ),
            },
            "pl": {
                "title": "Witamy w Miaojong",
                "slug": "witamy",
                "summary": "Spokojna gra w łączenie kamieni w pary, w którą zagrasz w przeglądarce.",
                "body": (
                    "Mahjong Solitaire to gra dla jednej osoby. 144 kamienie z zestawu do "
                    "mahjonga układa się w wielopiętrowy wzór, a celem gry jest oczyszczenie "
                    "planszy przez zdejmowanie par jednakowych kamieni.\n\n"
                    "Zdjąć można tylko wolny kamień: nic na nim nie leży, a jego lewa lub prawa "
                    "strona jest odsłonięta. Wybierz dwa jednakowe wolne kamienie, a znikną z "
                    "planszy. Myśl kilka ruchów naprzód, bo przy niefortunnej kolejności ruchów "
                    "może ci nie zostać żadna para do zdjęcia.\n\n"
                    "Witamy w Miaojong! Dopiero zaczynamy: przeczytaj zasady i wróć wkrótce, "
                    "żeby zagrać."
                ),
            },
            "ru": {
                "title": "Добро пожаловать в Miaojong",
                "slug": "dobro-pozhalovat",
                "summary": "Спокойная игра в браузере: собирайте пары одинаковых фишек.",
                "body": (
                    "Пасьянс «Маджонг» — игра для одного человека. 144 фишки маджонга "
                    "выкладываются в многоярусную раскладку, и ваша цель — очистить поле, "
                    "убирая одинаковые фишки парами.\n\n"
                    "Взять можно только свободную фишку: на ней ничего не лежит, а её левая "
                    "или правая сторона открыта. Выберите две одинаковые свободные фишки, и они "
                    "исчезнут с поля. Думайте на несколько ходов вперёд: при неудачном порядке "
                    "ходов может не остаться ни одной пары.\n\n"
                    "Добро пожаловать в Miaojong! Мы только начинаем: прочитайте правила и "
                    "возвращайтесь поскорее, чтобы сыграть."
                ),
            },
            "fr": {
                "title": "Bienvenue sur Miaojong",
                "slug": "bienvenue",
                "summary": "Un jeu calme d’association de tuiles, à jouer dans votre navigateur.",
                "body": (
                    "Le Mahjong solitaire se joue seul. Les 144 tuiles d’un jeu de Mahjong "
                    "sont empilées selon une disposition, et le but est de vider le plateau en "
                    "les retirant par paires de tuiles identiques.\n\n"
                    f"On ne peut prendre qu’une tuile libre{NBSP}: rien n’est posé dessus, et "
                    "son côté gauche ou droit est dégagé. Choisissez deux tuiles libres "
                    "identiques et elles quittent le plateau. Réfléchissez quelques coups à "
                    "l’avance, car un ordre malheureux peut vous laisser sans aucune paire à "
                    "prendre.\n\n"
                    f"Bienvenue sur Miaojong{NBSP}! Nous n’en sommes qu’au début{NBSP}: lisez "
                    "les règles et revenez bientôt pour jouer."
                ),
            },
        },
    },
    {
        "key": "about",
        "order": 100,
        "translations": {
            "en": {
                "title": "About Miaojong",
                "slug": "about",
                "summary": "Who we are and what is coming next.",
                "body": (
                    "Miaojong is a small team that builds tile games for the web. We love the "
                    "quiet focus of a good tile game, and we want it to be easy to reach from "
                    "any browser, in your own language.\n\n"
                    "Mahjong Solitaire comes first. Clear rules pages, a game you can play "
                    "right here and a leaderboard are on the way.\n\n"
                    "From the very first day, the site is available in English, Italian, "
                    "Polish, Russian and French."
                ),
            },
            "it": {
                "title": "Chi siamo",
                "slug": "chi-siamo",
                "summary": "Chi siamo e che cosa arriverà presto.",
                "body": (
                    "Miaojong è un piccolo team che crea giochi di tessere per il web. Amiamo "
                    "la concentrazione tranquilla che regala un buon gioco di tessere e "
                    "vogliamo che sia a portata di mano in qualsiasi browser, nella tua "
                    "lingua.\n\n"
                    "Si comincia con il Mahjong Solitario. Sono in arrivo pagine con regole "
                    "chiare, una partita da giocare direttamente qui e una classifica.\n\n"
                    "Fin dal primo giorno il sito è disponibile in inglese, italiano, polacco, "
                    "russo e francese."
                ),
            },
            "pl": {
                "title": "O nas",
                "slug": "o-nas",
                "summary": "Kim jesteśmy i co szykujemy.",
                "body": (
                    "Miaojong to niewielki zespół, który tworzy przeglądarkowe gry z "
                    "kamieniami, takie jak mahjong. Lubimy spokojne skupienie, jakie daje "
                    "dobra gra tego rodzaju, i chcemy, żeby można było w nią zagrać w każdej "
                    "przeglądarce, we własnym języku.\n\n"
                    "Zaczynamy od Mahjong Solitaire. Wkrótce pojawią się przejrzyste zasady, "
                    "gra, w którą zagrasz bezpośrednio tutaj, oraz tabela wyników.\n\n"
                    "Od pierwszego dnia strona jest dostępna po angielsku, włosku, polsku, "
                    "rosyjsku i francusku."
                ),
            },
            "ru": {
                "title": "О нас",
                "slug": "o-nas",
                "summary": "Кто мы и что готовим дальше.",
                "body": (
                    "Miaojong — небольшая команда, которая делает браузерные игры с фишками, "
                    "такие как маджонг. Мы любим спокойную сосредоточенность, которую дарит "
                    "хорошая игра такого рода, и хотим, чтобы в неё можно было сыграть в любом "
                    "браузере и на своём языке.\n\n"
                    "Начинаем мы с пасьянса «Маджонг». Скоро появятся понятные правила, игра, "
                    "в которую можно будет сыграть прямо здесь, и таблица рекордов.\n\n"
                    "С первого дня сайт доступен на английском, итальянском, польском, "
                    "русском и французском языках."
                ),
            },
            "fr": {
                "title": "À propos de Miaojong",
                "slug": "a-propos",
                "summary": "Qui nous sommes et ce qui arrive bientôt.",
                "body": (
                    "Miaojong est une petite équipe qui crée des jeux de tuiles pour le web. "
                    "Nous aimons la concentration paisible qu’offre un bon jeu de tuiles, et "
                    "nous voulons qu’il soit accessible depuis n’importe quel navigateur, "
                    "dans votre langue.\n\n"
                    "Nous commençons par le Mahjong solitaire. Des pages de règles claires, "
                    "une partie à jouer directement ici et un classement sont en "
                    "préparation.\n\n"
                    "Dès le premier jour, le site est disponible en anglais, en italien, en "
                    "polonais, en russe et en français."
                ),
            },
        },
    },
]
