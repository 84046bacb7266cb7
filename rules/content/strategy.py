# ruff: noqa: E501, RUF001
"""Strategy: habits that clear more boards."""

from .typography import french, text

WING = """
```tiles
0 2,0: 5D 1B 8C
0 0,1: W
0 2,2: 9C 3D 2C
```
"""
FOUR_FREE = """
```tiles
0 0,0: 7D 4C 7D
0 10,0: 7D 2B 7D
```
"""
BURIED = """
```tiles
0 0,0: 6B 1C 6B
0 8,0: 6B
1 9,0: 6B
```
"""


def _body(source: str) -> str:
    return text(source).format(WING=WING.strip(), FOUR_FREE=FOUR_FREE.strip(), BURIED=BURIED.strip())


PAGE = {
    "key": "strategy",
    "order": 20,
    "en": {
        "title": "Strategy",
        "slug": "strategy",
        "summary": "Tips for clearing more boards: which tiles to free first, how to choose between pairs, and when to undo or shuffle.",
        "body": _body("""
            Mahjong Solitaire rewards patience more than luck. Every deal on Miaojong can be cleared, so when a game gets stuck, the order of the moves is to blame. These habits help you find a better one.

            ## Free the tiles that block the most

            Not every pair is worth the same. A tile that blocks many others should go early: the single tile at the top of the Turtle covers four tiles at once, and each wing tile closes the ends of two long rows. Long rows deserve attention too, because a row opens only from its ends, one tile at a time.

            {WING}

            On the left, the west wind sits halfway between the two rows, beside both at once. While it is there, neither row can be opened from the left; take it away and both rows have two free ends.

            ## When all four are free, take both pairs

            When all four tiles of a kind are free at the same time, take both pairs. Nothing can go wrong: no other tile will ever need them.

            {FOUR_FREE}

            All four sevens of dots are free: two moves, and they are gone for good.

            ## With three free, choose the pair

            When three tiles of a kind are free, only two of them can go now, and the third has to wait for the fourth, which is still somewhere on the board. Take the pair that frees the most, and leave behind the tile that blocks the least. Above all, if the fourth tile lies under one of the three, that one must go now: left in place, it would sit on its own partner, and the game could never be won.

            {BURIED}

            Three bamboo sixes are free; the fourth lies under the one on the upper layer. Take the upper one with either of the others, never the two on the left.

            ## Look before you take

            Before you take a pair, look at what it frees. A pair that opens nothing new can usually wait, and may be the move that saves you later. A pair lying on top of other tiles, or at the end of a long row, is usually the better choice.

            ## Flowers and seasons: a flexible reserve

            Any flower goes with any flower, and any season with any season, so these tiles are the easiest to pair. There is no hurry to take them: when you are stuck, a free pair of flowers can be the move that keeps the game going. Take them early only when they are in the way of other tiles.

            ## Undo before you shuffle

            When the board is blocked, undo a few moves first and look for a different order. A shuffle cannot be undone and wipes out your undo history, so everything before it is settled for good. In classic mode the clock keeps running while you undo, but a few seconds lost are better than a board you can no longer clear.

            ## In arcade mode: speed over hints

            Every pair brings up to 100 extra points if it comes quickly, and a hint costs 50, half the best bonus, on top of the time it takes. Keep a steady pace and find the pairs yourself: it usually pays more than waiting for help.

            Save your shuffles. You get only three for the whole game, not for each board, and the later boards, where your score is highest, are where running out of moves hurts most.
        """),
    },
    "it": {
        "title": "Strategia",
        "slug": "strategia",
        "summary": "Consigli per svuotare più tavoli: quali tessere liberare per prime, come scegliere tra le coppie e quando annullare o mescolare.",
        "body": _body("""
            Il Mahjong Solitario premia la pazienza più della fortuna. Su Miaojong ogni distribuzione si può completare, quindi quando una partita si blocca la colpa è dell'ordine delle mosse. Queste abitudini ti aiutano a trovarne uno migliore.

            ## Libera le tessere che bloccano di più

            Non tutte le coppie valgono uguale. Una tessera che ne blocca molte altre va tolta presto: la tessera in cima alla Tartaruga ne copre quattro alla volta, e ogni tessera d'ala chiude le estremità di due file lunghe. Anche le file lunghe meritano attenzione, perché una fila si apre solo dalle estremità, una tessera alla volta.

            {WING}

            A sinistra il vento dell'ovest sta a metà tra le due file, accanto a entrambe contemporaneamente. Finché resta lì, nessuna delle due file si può aprire da sinistra; toglilo e ciascuna avrà due estremità libere.

            ## Se sono libere tutte e quattro, prendi entrambe le coppie

            Quando tutte e quattro le tessere di un tipo sono libere nello stesso momento, prendi entrambe le coppie. Non c'è alcun rischio: nessun'altra tessera ne avrà mai bisogno.

            {FOUR_FREE}

            Tutti e quattro i sette di cerchi sono liberi: due mosse e spariscono per sempre.

            ## Se ne sono libere tre, scegli la coppia

            Quando sono libere tre tessere dello stesso tipo, solo due possono andarsene subito, e la terza deve aspettare la quarta, che è ancora da qualche parte sul tavolo. Prendi la coppia che libera di più e lascia la tessera che blocca di meno. Soprattutto, se la quarta tessera sta sotto una delle tre, quella va presa subito: se la lasciassi al suo posto, resterebbe sopra la sua compagna e la partita non si potrebbe più vincere.

            {BURIED}

            Tre sei di bambù sono liberi; il quarto sta sotto quello dello strato superiore. Prendi quello in alto con uno qualsiasi degli altri due, mai i due di sinistra insieme.

            ## Guarda prima di prendere

            Prima di prendere una coppia, guarda che cosa libera. Una coppia che non apre nulla di nuovo di solito può aspettare, e più avanti potrebbe essere la mossa che ti salva. Una coppia che sta sopra altre tessere, o all'estremità di una fila lunga, è di solito la scelta migliore.

            ## Fiori e stagioni: una riserva flessibile

            Un fiore qualsiasi va con qualsiasi altro fiore e una stagione con qualsiasi altra stagione, quindi sono le tessere più facili da abbinare. Non c'è fretta di prenderle: quando sei bloccato, una coppia di fiori libera può essere la mossa che tiene viva la partita. Toglile presto solo se intralciano altre tessere.

            ## Annulla prima di mescolare

            Quando il tavolo è bloccato, annulla prima qualche mossa e cerca un ordine diverso. Un rimescolamento non si può annullare e cancella la cronologia delle mosse, quindi tutto ciò che viene prima resta fissato per sempre. Nella modalità classica il cronometro continua a correre mentre annulli, ma qualche secondo perso è meglio di un tavolo che non puoi più svuotare.

            ## Nella modalità arcade: velocità prima dei suggerimenti

            Ogni coppia porta fino a 100 punti in più se arriva in fretta, e un suggerimento costa 50, la metà del bonus massimo, oltre al tempo che fa perdere. Mantieni un ritmo costante e trova le coppie da solo: di solito rende più che aspettare un aiuto.

            Conserva i rimescolamenti. Ne hai solo tre per tutta la partita, non per ogni tavolo, e restare senza mosse fa più male nei tavoli successivi, quando il punteggio è più alto.
        """),
    },
    "pl": {
        "title": "Strategia",
        "slug": "strategia",
        "summary": "Porady, jak oczyszczać więcej plansz: które kamienie uwalniać najpierw, jak wybierać między parami i kiedy cofać ruchy lub tasować.",
        "body": _body("""
            Mahjong Solitaire nagradza cierpliwość bardziej niż szczęście. Każde rozdanie w Miaojong da się oczyścić, więc jeśli gra utknęła, winna jest kolejność ruchów. Oto nawyki, które pomagają znaleźć lepszą.

            ## Uwalniaj kamienie, które blokują najwięcej

            Nie każda para jest tyle samo warta. Kamień, który blokuje wiele innych, powinien zniknąć wcześnie: kamień na szczycie Żółwia przykrywa naraz cztery, a każdy kamień skrzydła zamyka końce dwóch długich rzędów. Warto też pilnować długich rzędów, bo rząd otwiera się tylko od końców, po jednym kamieniu.

            {WING}

            Po lewej wiatr zachodni leży pośrodku między dwoma rzędami, obok obu naraz. Dopóki tam jest, żadnego z nich nie da się otworzyć od lewej; zdejmij go, a oba rzędy będą miały po dwa wolne końce.

            ## Gdy wolne są wszystkie cztery, zdejmij obie pary

            Gdy wszystkie cztery kamienie jednego rodzaju są jednocześnie wolne, zdejmij obie pary. Nic nie może pójść źle: żaden inny kamień nigdy ich nie będzie potrzebował.

            {FOUR_FREE}

            Wszystkie cztery siódemki kółek są wolne: dwa ruchy i znikają na dobre.

            ## Gdy wolne są trzy, wybierz parę

            Gdy wolne są trzy kamienie jednego rodzaju, od razu mogą zniknąć tylko dwa, a trzeci musi poczekać na czwarty, który wciąż leży gdzieś na planszy. Zdejmij parę, która uwalnia najwięcej, a zostaw kamień, który blokuje najmniej. Przede wszystkim: jeśli czwarty kamień leży pod jednym z tych trzech, właśnie ten trzeba zdjąć teraz. Gdyby został na miejscu, leżałby na własnej parze i gry nie dałoby się już wygrać.

            {BURIED}

            Trzy szóstki bambusów są wolne; czwarta leży pod tą z wyższej warstwy. Zdejmij górną razem z którąkolwiek z dwóch pozostałych – nigdy nie zdejmuj razem dwóch lewych.

            ## Patrz, zanim zdejmiesz

            Zanim zdejmiesz parę, sprawdź, co ona uwolni. Para, która nie otwiera niczego nowego, zwykle może poczekać, a później może okazać się ruchem, który cię ratuje. Para leżąca na innych kamieniach albo na końcu długiego rzędu to zwykle lepszy wybór.

            ## Kwiaty i pory roku: elastyczna rezerwa

            Dowolny kwiat pasuje do dowolnego kwiatu, a dowolna pora roku do dowolnej pory roku, więc najłatwiej je połączyć w pary. Nie trzeba się z nimi spieszyć: kiedy utkniesz, wolna para kwiatów może być ruchem, który podtrzyma grę. Zdejmuj je wcześnie tylko wtedy, gdy zasłaniają inne kamienie.

            ## Cofnij, zanim przetasujesz

            Gdy plansza jest zablokowana, najpierw cofnij kilka ruchów i poszukaj innej kolejności. Tasowania nie da się cofnąć, a do tego kasuje ono historię ruchów, więc wszystko, co było przed nim, zostaje przesądzone na dobre. W trybie klasycznym stoper biegnie dalej, gdy cofasz ruchy, ale kilka straconych sekund to mniej niż plansza, której nie da się już oczyścić.

            ## W trybie zręcznościowym: szybkość zamiast podpowiedzi

            Każda para przynosi do 100 dodatkowych punktów, jeśli pojawi się szybko, a podpowiedź kosztuje 50, czyli połowę najwyższej premii, nie licząc czasu, który zabiera. Trzymaj równe tempo i szukaj par sam: zwykle opłaca się to bardziej niż czekanie na pomoc.

            Oszczędzaj tasowania. Masz tylko trzy na całą grę, nie na każdą planszę, a brak ruchów najbardziej boli na dalszych planszach, gdzie wynik jest najwyższy.
        """),
    },
    "ru": {
        "title": "Стратегия",
        "slug": "strategiya",
        "summary": "Советы, как чаще доводить партию до конца: какие фишки освобождать первыми, как выбирать пару и когда отменять ход или перемешивать.",
        "body": _body("""
            Пасьянс «Маджонг» вознаграждает терпение больше, чем удачу. Любой расклад в Miaojong можно пройти до конца, так что если игра зашла в тупик, виноват порядок ходов. Вот привычки, которые помогают найти порядок получше.

            ## Освобождайте фишки, которые мешают больше всего

            Не все пары одинаково полезны. Фишку, которая блокирует много других, стоит убрать пораньше: единственная фишка на вершине Черепахи закрывает сразу четыре, а каждая фишка крыла закрывает концы двух длинных рядов. Следите и за длинными рядами: ряд открывается только с концов, по одной фишке.

            {WING}

            Слева западный ветер лежит посередине между двумя рядами, рядом сразу с обоими. Пока он на месте, ни один из них нельзя открыть слева; уберите его — и у обоих рядов будет по два свободных конца.

            ## Свободны все четыре — берите обе пары

            Если все четыре фишки одного вида свободны одновременно, берите обе пары. Ничего плохого случиться не может: ни одной другой фишке они уже не понадобятся.

            {FOUR_FREE}

            Все четыре семёрки точек свободны: два хода — и их больше нет.

            ## Свободны три — выбирайте пару

            Если свободны три фишки одного вида, сразу уйти могут только две, а третьей придётся ждать четвёртую, которая пока лежит где-то на поле. Берите ту пару, которая освобождает больше, и оставляйте фишку, которая меньше всего мешает. Главное: если четвёртая фишка лежит под одной из трёх, эту фишку нужно убрать сейчас. Если её оставить, она так и будет лежать на собственной паре, и выиграть партию уже не получится.

            {BURIED}

            Три шестёрки бамбука свободны, а четвёртая лежит под той, что на верхнем ярусе. Берите верхнюю в паре с любой из двух других, но ни в коем случае не две левые.

            ## Смотрите, что откроется

            Прежде чем взять пару, посмотрите, что она освободит. Пара, которая ничего нового не открывает, обычно может подождать — позже она может оказаться ходом, который вас спасёт. Пара, лежащая поверх других фишек или на конце длинного ряда, обычно оказывается лучшим выбором.

            ## Цветы и времена года — гибкий запас

            Любой цветок подходит к любому цветку, а любое время года — к любому времени года, поэтому из этих фишек легче всего составить пару. Спешить с ними не нужно: когда вы застряли, свободная пара цветов может стать ходом, который спасёт партию. Убирайте их рано, только если они мешают другим фишкам.

            ## Сначала отмена, потом перемешивание

            Если поле заблокировано, сначала отмените несколько ходов и поищите другой порядок. Перемешивание нельзя отменить, и оно стирает историю ходов, так что всё, что было до него, уже не изменить. В классическом режиме секундомер идёт, пока вы отменяете ходы, но несколько потерянных секунд лучше, чем поле, которое уже не очистить.

            ## В аркадном режиме: скорость важнее подсказок

            Каждая пара приносит до 100 дополнительных очков, если взять её быстро, а подсказка стоит 50 — половину максимального бонуса, не считая потраченного на неё времени. Держите ровный темп и ищите пары сами: обычно это выгоднее, чем ждать помощи.

            Берегите перемешивания. Их всего три на всю игру, а не на каждое поле, и остаться без ходов обиднее всего на поздних полях, где счёт уже самый высокий.
        """),
    },
    "fr": french(
        {
            "title": "Stratégie",
            "slug": "strategie",
            "summary": "Des conseils pour vider plus de plateaux : quelles tuiles libérer d’abord, comment choisir entre deux paires, quand annuler ou mélanger.",
            "body": _body("""
            Le Mahjong solitaire récompense la patience plus que la chance. Sur Miaojong, chaque donne peut être vidée : quand une partie se bloque, c’est l’ordre des coups qui est en cause. Voici quelques habitudes qui aident à en trouver un meilleur.

            ## Libérez les tuiles qui bloquent le plus

            Toutes les paires ne se valent pas. Une tuile qui en bloque beaucoup d’autres doit partir tôt : la tuile au sommet de la Tortue en recouvre quatre à la fois, et chaque tuile d’aile ferme l’extrémité de deux longues rangées. Surveillez aussi les longues rangées : une rangée ne s’ouvre que par ses extrémités, une tuile à la fois.

            {WING}

            À gauche, le vent d’ouest est placé à mi-hauteur entre les deux rangées, à côté de l’une et de l’autre. Tant qu’il est là, aucune des deux ne peut s’ouvrir par la gauche ; retirez-le, et chacune aura deux extrémités libres.

            ## Les quatre sont libres : prenez les deux paires

            Quand les quatre tuiles d’une même sorte sont libres en même temps, prenez les deux paires. Vous ne risquez rien : aucune autre tuile n’en aura jamais besoin.

            {FOUR_FREE}

            Les quatre sept de cercles sont libres : deux coups, et ils disparaissent pour de bon.

            ## Trois sont libres : choisissez la paire

            Quand trois tuiles d’une même sorte sont libres, deux seulement peuvent partir tout de suite, et la troisième doit attendre la quatrième, qui se trouve encore quelque part sur le plateau. Prenez la paire qui libère le plus, et laissez la tuile qui bloque le moins. Surtout, si la quatrième tuile se trouve sous l’une des trois, c’est celle-là qu’il faut prendre maintenant : laissée en place, elle resterait posée sur sa propre partenaire, et la partie ne pourrait plus être gagnée.

            {BURIED}

            Trois six de bambou sont libres ; le quatrième se trouve sous celui de l’étage supérieur. Prenez celui du haut avec l’un des deux autres, jamais les deux de gauche ensemble.

            ## Regardez avant de prendre

            Avant de prendre une paire, regardez ce qu’elle libère. Une paire qui n’ouvre rien de nouveau peut en général attendre, et elle sera peut-être plus tard le coup qui vous sauve. Une paire posée sur d’autres tuiles, ou au bout d’une longue rangée, est en général le meilleur choix.

            ## Fleurs et saisons : une réserve souple

            N’importe quelle fleur va avec n’importe quelle fleur, et n’importe quelle saison avec n’importe quelle saison : ce sont les tuiles les plus faciles à apparier. Rien ne presse : quand vous êtes bloqué, une paire de fleurs libre peut être le coup qui relance la partie. Ne les prenez tôt que si elles gênent d’autres tuiles.

            ## Annulez avant de mélanger

            Quand le plateau est bloqué, annulez d’abord quelques coups et cherchez un autre ordre. Un mélange ne s’annule pas et efface l’historique des coups : tout ce qui précède est alors joué pour de bon. En mode classique, le chronomètre continue de tourner pendant que vous annulez, mais quelques secondes perdues valent mieux qu’un plateau que vous ne pouvez plus vider.

            ## En mode arcade : la vitesse plutôt que les indices

            Chaque paire rapporte jusqu’à 100 points de plus si elle arrive vite, et un indice coûte 50 points, la moitié du meilleur bonus, sans compter le temps qu’il fait perdre. Gardez un rythme régulier et trouvez les paires vous-même : c’est en général plus payant que d’attendre de l’aide.

            Économisez vos mélanges. Vous n’en avez que trois pour toute la partie, et non pour chaque plateau, et c’est sur les plateaux suivants, quand le score est le plus élevé, que manquer de coups coûte le plus cher.
        """),
        }
    ),
}
