# ruff: noqa: E501, RUF001
"""The home page. The Play button, the daily challenge and the links to the
rules come from the template; the body says what the game is."""

from .typography import french, text

PAGE = {
    "key": "home",
    "order": 0,
    "en": {
        "title": "Welcome to Miaojong",
        "slug": "home",
        "summary": "Mahjong Solitaire in your browser: clear the board by matching pairs of free tiles.",
        "body": text("""
            Mahjong Solitaire is a quiet puzzle for one player. All 144 tiles of a mahjong set are stacked into a layout of several layers, and you clear the board by taking the tiles away in matching pairs.

            Only free tiles can be taken: nothing may lie on top of a tile, and its left or right side must be open. The tiles further down come within reach as the board empties, so the order of your moves matters more than your speed, unless you play in arcade mode, where speed scores points too.

            Every deal here can be won: each board is built backwards from an empty table, so a way to clear it always exists. Play a relaxed game against the stopwatch, chase points from level to level in arcade mode, or take on the daily challenge and see how your result compares with other players'.
        """),
    },
    "it": {
        "title": "Benvenuti su Miaojong",
        "slug": "benvenuti",
        "summary": "Il Mahjong Solitario nel tuo browser: svuota il tavolo abbinando coppie di tessere libere.",
        "body": text("""
            Il Mahjong Solitario è un rompicapo tranquillo per un solo giocatore. Le 144 tessere di un set di mahjong sono impilate su più strati e lo scopo è svuotare il tavolo togliendole a coppie.

            Si possono prendere solo le tessere libere: sopra non deve esserci nulla e il lato sinistro o destro deve essere scoperto. Man mano che il tavolo si svuota, diventano raggiungibili anche le tessere più in basso: per questo conta più l'ordine delle mosse che la velocità, tranne nella modalità arcade, dove anche la rapidità vale punti.

            Qui ogni partita si può vincere: ogni distribuzione viene costruita a ritroso partendo dal tavolo vuoto, quindi esiste sempre un modo per svuotarlo. Gioca con calma contro il cronometro, accumula punti di livello in livello nella modalità arcade oppure affronta la sfida del giorno e confronta il tuo risultato con quello degli altri giocatori.
        """),
    },
    "pl": {
        "title": "Witamy w Miaojong",
        "slug": "witamy",
        "summary": "Mahjong Solitaire w przeglądarce: oczyść planszę, łącząc w pary wolne kamienie.",
        "body": text("""
            Mahjong Solitaire to spokojna łamigłówka dla jednej osoby. Wszystkie 144 kamienie z zestawu do mahjonga układa się w kilka warstw, a planszę oczyszcza się, zdejmując je parami.

            Zdejmować można tylko wolne kamienie: nic nie może na nich leżeć, a ich lewa lub prawa strona musi być odsłonięta. W miarę jak plansza pustoszeje, w zasięgu pojawiają się kamienie z niższych warstw, dlatego kolejność ruchów liczy się bardziej niż szybkość – chyba że grasz w trybie zręcznościowym, w którym tempo też daje punkty.

            Każde rozdanie w Miaojong da się wygrać: planszę układa się wstecz, zaczynając od pustego stołu, więc zawsze istnieje sposób, żeby ją oczyścić. Zagraj spokojną partię ze stoperem, zbieraj punkty na kolejnych poziomach w trybie zręcznościowym albo podejmij wyzwanie dnia i porównaj swój wynik z wynikami innych graczy.
        """),
    },
    "ru": {
        "title": "Добро пожаловать в Miaojong",
        "slug": "dobro-pozhalovat",
        "summary": "Пасьянс «Маджонг» в браузере: очистите поле, собирая пары свободных фишек.",
        "body": text("""
            Пасьянс «Маджонг» — спокойная головоломка для одного игрока. Все 144 фишки маджонга выкладываются в несколько ярусов, и нужно очистить поле, убирая фишки парами.

            Брать можно только свободные фишки: на них ничего не должно лежать, а левая или правая сторона должна быть открыта. По мере того как поле пустеет, становятся доступны и нижние фишки, поэтому порядок ходов важнее скорости — если только вы не играете в аркадном режиме, где скорость тоже приносит очки.

            Любой расклад здесь можно пройти до конца: поле строится в обратном порядке, начиная с пустого стола, так что выигрышный путь существует всегда. Сыграйте спокойную партию на время, набирайте очки уровень за уровнем в аркадном режиме или возьмитесь за задание дня и сравните свой результат с результатами других игроков.
        """),
    },
    "fr": french(
        {
            "title": "Bienvenue sur Miaojong",
            "slug": "bienvenue",
            "summary": "Le Mahjong solitaire dans votre navigateur : videz le plateau en associant des paires de tuiles libres.",
            "body": text("""
            Le Mahjong solitaire est un casse-tête paisible qui se joue seul. Les 144 tuiles d’un jeu de mahjong sont empilées sur plusieurs étages, et il faut vider le plateau en les retirant par paires.

            Seules les tuiles libres peuvent être prises : rien ne doit être posé dessus, et leur côté gauche ou droit doit être dégagé. À mesure que le plateau se vide, les tuiles du dessous deviennent accessibles ; l’ordre des coups compte donc davantage que la vitesse, sauf en mode arcade, où la rapidité rapporte aussi des points.

            Ici, chaque donne peut être gagnée : chaque plateau est construit à rebours à partir d’une table vide, si bien qu’il existe toujours un moyen de le vider. Faites une partie tranquille contre le chronomètre, accumulez les points de niveau en niveau en mode arcade, ou relevez le défi du jour et comparez votre résultat à celui des autres joueurs.
        """),
        }
    ),
}
