# ruff: noqa: E501, RUF001
"""A short history of the tiles and of the solitaire."""

from .typography import french, text

PAGE = {
    "key": "history",
    "order": 30,
    "en": {
        "title": "History",
        "slug": "history",
        "summary": "From the four-player game of nineteenth-century China to the solitaire of the first home computers.",
        "body": text("""
            ## The tiles

            The tiles come from mahjong, a game for four players that took shape in China in the nineteenth century. It is thought to descend from older Chinese card games with similar suits, and it soon spread across the country. In the twentieth century it travelled the world: in the 1920s it became a craze in the United States and in Europe, and today it is played on every continent, with many local variants of the rules.

            ## The solitaire

            The solitaire is far younger. It is usually traced back to the computer games of the early 1980s. In 1981 Brodie Lockard wrote a tile-matching game called Mah-Jongg for the PLATO computer system, and in 1986 Activision published his Shanghai, which brought the game to home computers and made it famous. Countless versions and layouts have appeared since, but the Turtle remains the best known of them all.

            ## An ancient legend?

            You may read that the solitaire is an ancient Chinese game, sometimes with a particular dynasty or a famous name attached. These are good stories, but no historical source confirms them: as far as anyone can tell, the solitaire was born on a computer screen.

            ## Solitaire and the four-player game

            The two games share the tiles and little else. In four-player mahjong everyone holds a hand of tiles, draws and discards, claims tiles that the others throw away and builds sets until the hand is complete, and the winning hand is scored by its combinations. The solitaire has no hands, no declarations and no scoring of hands: the tiles lie face up on the table, and you match them in pairs. All you count is your time or, in arcade mode, your points.
        """),
    },
    "it": {
        "title": "Storia",
        "slug": "storia",
        "summary": "Dal gioco a quattro nella Cina dell'Ottocento al solitario dei primi computer di casa.",
        "body": text("""
            ## Le tessere

            Le tessere vengono dal mahjong, un gioco per quattro persone che prese forma in Cina nell'Ottocento. Si pensa che derivi da antichi giochi di carte cinesi con semi simili, e in breve tempo si diffuse in tutto il paese. Nel Novecento fece il giro del mondo: negli anni Venti divenne una vera mania negli Stati Uniti e in Europa, e oggi si gioca in tutti i continenti, con molte varianti locali delle regole.

            ## Il solitario

            Il solitario è molto più giovane. Di solito lo si fa risalire ai videogiochi dei primi anni Ottanta. Nel 1981 Brodie Lockard scrisse un gioco di abbinamento di tessere chiamato Mah-Jongg per il sistema informatico PLATO, e nel 1986 Activision pubblicò il suo Shanghai, che portò il gioco sui computer di casa e lo rese famoso. Da allora sono nate innumerevoli versioni e schemi, ma la Tartaruga resta il più conosciuto di tutti.

            ## Un'antica leggenda?

            Capita di leggere che il solitario sia un antico gioco cinese, a volte legato a una certa dinastia o a un nome illustre. Sono belle storie, ma nessuna fonte storica le conferma: a quanto se ne sa, il solitario è nato sullo schermo di un computer.

            ## Il solitario e il gioco a quattro

            I due giochi hanno in comune le tessere e poco altro. Nel mahjong a quattro ogni giocatore ha in mano delle tessere, pesca e scarta, reclama le tessere scartate dagli altri e forma combinazioni fino a completare la mano, e la mano vincente riceve un punteggio in base alle sue combinazioni. Nel solitario non ci sono mani, né dichiarazioni, né punteggi delle mani: le tessere sono scoperte sul tavolo e tu le abbini a coppie. Conta solo il tuo tempo oppure, nella modalità arcade, i tuoi punti.
        """),
    },
    "pl": {
        "title": "Historia",
        "slug": "historia",
        "summary": "Od czteroosobowej gry z dziewiętnastowiecznych Chin do pasjansa z pierwszych komputerów domowych.",
        "body": text("""
            ## Kamienie

            Kamienie pochodzą z mahjonga, gry dla czterech osób, która ukształtowała się w Chinach w XIX wieku. Uważa się, że wywodzi się ze starszych chińskich gier karcianych o podobnych kolorach, i szybko rozpowszechniła się w całym kraju. W XX wieku obiegła świat: w latach dwudziestych stała się prawdziwą modą w Stanach Zjednoczonych i w Europie, a dziś gra się w nią na wszystkich kontynentach, według wielu lokalnych odmian zasad.

            ## Pasjans

            Pasjans jest znacznie młodszy. Jego początki zwykle wiąże się z grami komputerowymi z początku lat osiemdziesiątych. W 1981 roku Brodie Lockard napisał grę w łączenie kamieni w pary o nazwie Mah-Jongg na system komputerowy PLATO, a w 1986 roku Activision wydało jego grę Shanghai, która przeniosła ją na komputery domowe i rozsławiła. Od tamtej pory powstały niezliczone wersje i układy, ale najbardziej znany ze wszystkich pozostaje Żółw.

            ## Starożytna legenda?

            Można przeczytać, że pasjans to starożytna chińska gra, czasem łączona z jakąś dynastią albo ze sławnym nazwiskiem. To ładne opowieści, ale żadne źródło historyczne ich nie potwierdza: wszystko wskazuje na to, że pasjans narodził się na ekranie komputera.

            ## Pasjans a gra czteroosobowa

            Obie gry łączą kamienie i niewiele poza tym. W czteroosobowym mahjongu każdy gracz trzyma w ręku kamienie, dobiera i odrzuca, przejmuje kamienie odrzucone przez innych i układa z nich zestawy, aż skompletuje rękę, a zwycięska ręka jest punktowana według swoich układów. W pasjansie nie ma rąk, zapowiedzi ani liczenia punktów za ręce: kamienie leżą na stole odkryte, a ty łączysz je w pary. Liczy się tylko twój czas albo, w trybie zręcznościowym, twoje punkty.
        """),
    },
    "ru": {
        "title": "История",
        "slug": "istoriya",
        "summary": "От игры на четверых в Китае XIX века до пасьянса первых домашних компьютеров.",
        "body": text("""
            ## Фишки

            Фишки пришли из маджонга — игры для четырёх человек, которая сложилась в Китае в XIX веке. Считается, что она происходит от более старых китайских карточных игр с похожими мастями; вскоре она распространилась по всей стране. В XX веке маджонг обошёл весь мир: в 1920-е годы он стал настоящим повальным увлечением в США и Европе, а сегодня в него играют на всех континентах, по множеству местных вариантов правил.

            ## Пасьянс

            Пасьянс гораздо моложе. Его происхождение обычно связывают с компьютерными играми начала 1980-х. В 1981 году Броди Локард написал игру на поиск пар фишек под названием Mah-Jongg для компьютерной системы PLATO, а в 1986 году Activision выпустила его игру Shanghai, которая перенесла пасьянс на домашние компьютеры и прославила его. С тех пор появилось бесчисленное множество версий и раскладок, но самой известной из них по-прежнему остаётся Черепаха.

            ## Древняя легенда?

            Иногда пишут, что пасьянс — древняя китайская игра, и связывают её с какой-нибудь династией или знаменитым именем. Истории красивые, но ни один исторический источник их не подтверждает: судя по всему, пасьянс родился на экране компьютера.

            ## Пасьянс и маджонг на четверых

            У двух игр общие фишки и почти ничего больше. В маджонге на четверых у каждого игрока есть рука фишек: игроки берут и сбрасывают фишки, забирают сброшенные другими и собирают комбинации, пока рука не будет готова, а выигравшую руку оценивают по её комбинациям. В пасьянсе нет ни рук, ни объявлений, ни подсчёта очков за руку: фишки лежат на столе лицом вверх, и вы просто собираете их парами. Считается только ваше время или, в аркадном режиме, ваши очки.
        """),
    },
    "fr": french(
        {
            "title": "Histoire",
            "slug": "histoire",
            "summary": "Du jeu à quatre de la Chine du XIXᵉ siècle au solitaire des premiers ordinateurs familiaux.",
            "body": text("""
            ## Les tuiles

            Les tuiles viennent du mahjong, un jeu pour quatre joueurs qui a pris forme en Chine au XIXᵉ siècle. On pense qu’il descend de jeux de cartes chinois plus anciens, aux familles semblables, et il s’est vite répandu dans tout le pays. Au XXᵉ siècle, il a fait le tour du monde : dans les années 1920, il est devenu une véritable mode aux États-Unis et en Europe, et on y joue aujourd’hui sur tous les continents, selon de nombreuses variantes locales.

            ## Le solitaire

            Le solitaire est bien plus jeune. On le fait en général remonter aux jeux informatiques du début des années 1980. En 1981, Brodie Lockard a écrit un jeu d’association de tuiles appelé Mah-Jongg pour le système informatique PLATO, et en 1986, Activision a publié son Shanghai, qui a porté le jeu sur les ordinateurs familiaux et l’a rendu célèbre. D’innombrables versions et dispositions sont apparues depuis, mais la Tortue reste la plus connue de toutes.

            ## Une légende ancienne ?

            On lit parfois que le solitaire est un ancien jeu chinois, rattaché à telle dynastie ou à tel nom célèbre. Ce sont de belles histoires, mais aucune source historique ne les confirme : selon toute vraisemblance, le solitaire est né sur un écran d’ordinateur.

            ## Le solitaire et le jeu à quatre

            Les deux jeux ont en commun les tuiles, et guère plus. Au mahjong à quatre, chacun tient une main de tuiles, pioche et écarte, réclame les tuiles que les autres rejettent et forme des combinaisons jusqu’à compléter sa main ; la main gagnante est ensuite comptée selon ses combinaisons. Le solitaire n’a ni mains, ni annonces, ni décompte des mains : les tuiles sont posées face visible sur la table, et vous les associez par paires. Seul compte votre temps ou, en mode arcade, vos points.
        """),
        }
    ),
}
