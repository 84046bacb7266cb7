# ruff: noqa: E501, RUF001
"""How to play: the tiles, the free-tile rule, pairs, the Turtle, both modes,
the keys, game codes and the leaderboard.

The facts follow the engine (``game/mahjong/play.py``, ``tiles.py`` and the
Turtle, ``layouts/L00.txt``).
"""

from .typography import french, text

# The diagrams are the same in every language; captions are in the text.
ROW = """
```tiles
0 0,0: 3D 7B N 5C 9D
```
"""
HALF_COVER = """
```tiles
0 0,0: 2C 8D 4B G
1 5,0: R
```
"""
FLOWERS_AND_SEASONS = """
```tiles
0 0,0: F1 F3 . S2 S4
```
"""
TOP_OF_THE_TURTLE = """
```tiles
0 0,0: 3B 6C
0 0,2: E 1D
1 1,1: Wh
```
"""


def _body(source: str) -> str:
    return text(source).format(
        ROW=ROW.strip(),
        HALF_COVER=HALF_COVER.strip(),
        FLOWERS_AND_SEASONS=FLOWERS_AND_SEASONS.strip(),
        TOP_OF_THE_TURTLE=TOP_OF_THE_TURTLE.strip(),
    )


PAGE = {
    "key": "how-to-play",
    "order": 10,
    "en": {
        "title": "How to play",
        "slug": "rules",
        "summary": "The rules of Mahjong Solitaire: the tiles, which ones are free, what makes a pair, the two game modes and the keys.",
        "body": _body("""
            ## The tiles

            A mahjong set has 144 tiles of 42 kinds. Most of them are ordinary tiles, four copies of each:

            - **Three suits** numbered 1 to 9: bamboo, characters and dots (108 tiles).
            - **Four winds**: north, south, east and west (16 tiles).
            - **Three dragons**: red, green and white (12 tiles).

            Then come eight special tiles, one of each: four **flowers** (plum, orchid, bamboo and chrysanthemum) and four **seasons** (spring, summer, autumn and winter).

            ## Free tiles

            You may only take a tile that is free. A tile is free when nothing lies on top of it and at least one of its long sides, left or right, is open. In a row of tiles the two end tiles are free, and the ones in between are blocked by their neighbours.

            {ROW}

            In the row above, only the two tiles at the ends can be taken: the three in the middle have a neighbour on each side. In the diagrams, blocked tiles are drawn darker.

            A tile lying on top also blocks the tile beneath it, even if it covers only half of it.

            {HALF_COVER}

            Here the red dragon lies on the upper layer, half over the third tile and half over the fourth. So the last tile of the row is blocked, although its right side is open. The red dragon itself is free, and so is the first tile of the row.

            In short: a tile is blocked if any part of it is covered by a tile of the layer above, or if it has neighbours on both its left and its right.

            ## Pairs

            Pick two free tiles that match, and they leave the board. Two tiles match when they are identical: the same suit and number, the same wind, the same dragon. Flowers and seasons are the exception: any flower matches any other flower, and any season matches any other season. A flower never matches a season, though.

            {FLOWERS_AND_SEASONS}

            The plum and the bamboo flower make a pair, and so do summer and winter; a flower and a season do not.

            ## The goal

            Clear the board: all 144 tiles, that is, 72 pairs. In classic mode that is a win; in arcade mode it takes you to the next level.

            ## When the game is blocked

            If tiles are left but no two free tiles match, the game is blocked. You can undo a few moves and try another order, shuffle the remaining tiles or start a new game. A shuffle deals the remaining tiles out again over the same spots, in such a way that the board can once more be cleared.

            ## The Turtle

            The Turtle is the classic layout, and the one Miaojong starts with. Its 144 tiles lie in five layers: 87 on the table, then 36, 16, 4 and a single tile at the top. The top tile rests on the four tiles below it and covers a quarter of each, so all four stay blocked until it is gone.

            {TOP_OF_THE_TURTLE}

            The top of the Turtle in miniature: the white dragon covers a corner of each of the four tiles beneath it.

            Halfway down the bottom layer, three extra tiles stick out, one on the left and two on the right: these are the wings. Each wing tile that touches the rest of the layout sits halfway between two rows and closes the ends of both.

            ## Classic mode

            In classic mode you play against the stopwatch. It starts with your first pair and stops when the board is clear.

            - **Pause** stops the clock.
            - **Undo** puts the last pair back on the board. You can undo as many moves as you like, but the clock does not go back.
            - **Hints** show you a pair you can take. They are free but counted, and the number appears next to your time.
            - **Shuffle** whenever you like, as often as you like.

            ## Arcade mode

            In arcade mode you play for points, over as many boards as you can clear.

            - Every pair scores 100 points plus a speed bonus of up to 100 more. You get the full bonus if you take the pair within 2 seconds of your previous move (or of the start of the level); after that it falls steadily and reaches zero at 10 seconds. Paused time does not count.
            - A hint costs 50 points.
            - Clearing a board scores 2,000 points plus 500 for each level, counted up to level 10: from the tenth level on, a board is worth 7,000 points.
            - Undo puts the last pair back and takes away exactly the points it earned.
            - You have three shuffles for the whole game, not three per board. A shuffle cannot be undone, and neither can the moves made before it.
            - A cleared board leads to the next level, with a new deal; your score and the shuffles you have left come with you.
            - When no pair and no shuffle is left, the game is over.

            Your score never drops below zero.

            ## Keys

            - **H**: hint
            - **U**: undo
            - **S**: shuffle
            - **T**: change the tile style
            - **P**: pause and resume

            Every action has a button on the screen as well.

            ## Game codes

            Every deal has a code such as `MJ1-L00-ABCDEFG`. MJ1 is the version of the dealing rules, L00 the layout (the Turtle), and the seven letters pick the deal. The same code always deals the same board, so you can share it: send it to a friend and you will both play exactly the same game.

            ## The leaderboard

            Finished games can go on the leaderboard: classic games by time, arcade games by score. The leaderboard does not simply trust the number your browser sends. Every result comes with the full move log of the game, and the server replays it move by move on the same deal, checks that each move was allowed and works out the time or the score itself. A game that breaks the rules is refused; a game played faster than any human could is held back until someone has looked at it.
        """),
    },
    "it": {
        "title": "Come si gioca",
        "slug": "regole",
        "summary": "Le regole del Mahjong Solitario: le tessere, quali sono libere, come si formano le coppie, le due modalità di gioco e i tasti.",
        "body": _body("""
            ## Le tessere

            Un set di mahjong conta 144 tessere di 42 tipi. Quasi tutte sono tessere ordinarie, presenti in quattro copie ciascuna:

            - **Tre semi** numerati da 1 a 9: bambù, caratteri e cerchi (108 tessere).
            - **Quattro venti**: nord, sud, est e ovest (16 tessere).
            - **Tre draghi**: rosso, verde e bianco (12 tessere).

            A queste si aggiungono otto tessere speciali, una per tipo: quattro **fiori** (pruno, orchidea, bambù e crisantemo) e quattro **stagioni** (primavera, estate, autunno e inverno).

            ## Le tessere libere

            Si può prendere solo una tessera libera. Una tessera è libera quando sopra non c'è nulla e almeno uno dei suoi lati lunghi, il sinistro o il destro, è scoperto. In una fila sono libere le due tessere alle estremità, mentre quelle in mezzo sono bloccate dalle vicine.

            {ROW}

            Nella fila qui sopra si possono prendere solo le due tessere alle estremità: le tre centrali hanno una vicina su entrambi i lati. Nei disegni le tessere bloccate sono più scure.

            Anche una tessera appoggiata sopra blocca quella sottostante, perfino quando la copre solo per metà.

            {HALF_COVER}

            Qui il drago rosso sta sullo strato superiore, per metà sopra la terza tessera e per metà sopra la quarta. L'ultima tessera della fila è quindi bloccata, anche se il suo lato destro è scoperto. Il drago rosso invece è libero, come la prima tessera della fila.

            In breve: una tessera è bloccata se una tessera dello strato superiore ne copre anche solo una parte, oppure se ha vicine sia a sinistra sia a destra.

            ## Le coppie

            Scegli due tessere libere che si abbinano e lasceranno il tavolo. Due tessere si abbinano quando sono identiche: stesso seme e stesso numero, stesso vento, stesso drago. Fiori e stagioni fanno eccezione: un fiore si abbina a qualsiasi altro fiore e una stagione a qualsiasi altra stagione. Un fiore però non si abbina mai a una stagione.

            {FLOWERS_AND_SEASONS}

            Il pruno e il fiore di bambù formano una coppia, così come l'estate e l'inverno; un fiore e una stagione no.

            ## Lo scopo del gioco

            Svuota il tavolo: tutte le 144 tessere, cioè 72 coppie. Nella modalità classica così si vince; nella modalità arcade si passa al livello successivo.

            ## Quando il gioco si blocca

            Se restano delle tessere ma tra quelle libere non c'è nessuna coppia, il gioco è bloccato. Puoi annullare qualche mossa e provare un altro ordine, mescolare le tessere rimaste oppure cominciare una nuova partita. Il rimescolamento ridistribuisce le tessere rimaste sugli stessi posti, in modo che il tavolo si possa di nuovo svuotare.

            ## La Tartaruga

            La Tartaruga è lo schema classico, ed è quello con cui comincia Miaojong. Le sue 144 tessere stanno su cinque strati: 87 sul tavolo, poi 36, 16, 4 e una sola in cima. La tessera in cima poggia sulle quattro sottostanti e ne copre un quarto ciascuna: finché non la togli, restano bloccate tutte e quattro.

            {TOP_OF_THE_TURTLE}

            La cima della Tartaruga in piccolo: il drago bianco copre un angolo di ciascuna delle quattro tessere sottostanti.

            A metà dello strato più basso sporgono tre tessere in più, una a sinistra e due a destra: sono le ali. Ogni tessera d'ala che tocca il resto dello schema sta a cavallo tra due file e ne chiude l'estremità di entrambe.

            ## La modalità classica

            Nella modalità classica si gioca contro il cronometro, che parte con la prima coppia e si ferma quando il tavolo è vuoto.

            - **Pausa** ferma il cronometro.
            - **Annulla** rimette sul tavolo l'ultima coppia. Puoi annullare tutte le mosse che vuoi, ma il cronometro non torna indietro.
            - I **suggerimenti** mostrano una coppia che puoi prendere. Sono gratuiti ma vengono contati, e il loro numero compare accanto al tuo tempo.
            - **Mescola** quando vuoi e tutte le volte che vuoi.

            ## La modalità arcade

            Nella modalità arcade si gioca per fare punti, su tutti i tavoli che riesci a svuotare.

            - Ogni coppia vale 100 punti più un bonus di velocità che arriva a 100. Il bonus è pieno se prendi la coppia entro 2 secondi dalla mossa precedente (o dall'inizio del livello); poi cala in modo costante e si azzera a 10 secondi. Il tempo in pausa non conta.
            - Un suggerimento costa 50 punti.
            - Svuotare un tavolo vale 2.000 punti più 500 per ogni livello, contando fino al livello 10: dal decimo livello in poi un tavolo vale 7.000 punti.
            - Annulla rimette sul tavolo l'ultima coppia e toglie esattamente i punti che aveva fruttato.
            - Hai tre rimescolamenti per tutta la partita, non tre per ogni tavolo. Un rimescolamento non si può annullare, e nemmeno le mosse fatte prima.
            - Un tavolo svuotato porta al livello successivo, con una nuova distribuzione; il punteggio e i rimescolamenti rimasti ti seguono.
            - Quando non resta né una coppia né un rimescolamento, la partita è finita.

            Il punteggio non scende mai sotto lo zero.

            ## I tasti

            - **H**: suggerimento
            - **U**: annulla
            - **S**: mescola
            - **T**: cambia lo stile delle tessere
            - **P**: pausa e ripresa

            Ogni azione ha anche un pulsante sullo schermo.

            ## I codici partita

            Ogni distribuzione ha un codice come `MJ1-L00-ABCDEFG`. MJ1 indica la versione delle regole di distribuzione, L00 lo schema (la Tartaruga) e le sette lettere scelgono la distribuzione. Lo stesso codice produce sempre lo stesso tavolo, quindi puoi condividerlo: mandalo a un amico e giocherete esattamente la stessa partita.

            ## La classifica

            Le partite concluse possono entrare in classifica: quelle classiche in base al tempo, quelle arcade in base al punteggio. La classifica non si fida semplicemente del numero inviato dal tuo browser. Ogni risultato arriva insieme all'elenco completo delle mosse della partita: il server lo rigioca mossa per mossa sulla stessa distribuzione, controlla che ogni mossa fosse consentita e ricalcola da sé il tempo o il punteggio. Una partita che viola le regole viene rifiutata; una partita troppo veloce per un essere umano resta in sospeso finché qualcuno non l'ha esaminata.
        """),
    },
    "pl": {
        "title": "Jak grać",
        "slug": "zasady",
        "summary": "Zasady Mahjong Solitaire: kamienie, które z nich są wolne, co tworzy parę, dwa tryby gry i klawisze.",
        "body": _body("""
            ## Kamienie

            Zestaw do mahjonga liczy 144 kamienie 42 rodzajów. Większość to zwykłe kamienie, każdy w czterech egzemplarzach:

            - **Trzy kolory** numerowane od 1 do 9: bambusy, znaki i kółka (108 kamieni).
            - **Cztery wiatry**: północny, południowy, wschodni i zachodni (16 kamieni).
            - **Trzy smoki**: czerwony, zielony i biały (12 kamieni).

            Do tego dochodzi osiem kamieni specjalnych, każdy w jednym egzemplarzu: cztery **kwiaty** (śliwa, orchidea, bambus i chryzantema) i cztery **pory roku** (wiosna, lato, jesień i zima).

            ## Wolne kamienie

            Zdjąć można tylko wolny kamień. Kamień jest wolny, gdy nic na nim nie leży, a co najmniej jeden z jego dłuższych boków – lewy lub prawy – jest odsłonięty. W rzędzie kamieni wolne są dwa skrajne, a te pośrodku blokują ich sąsiedzi.

            {ROW}

            W rzędzie powyżej można zdjąć tylko dwa kamienie z brzegów: trzy środkowe mają sąsiadów po obu stronach. Na rysunkach zablokowane kamienie są ciemniejsze.

            Kamień leżący wyżej blokuje też ten pod sobą, nawet jeśli przykrywa go tylko w połowie.

            {HALF_COVER}

            Tutaj czerwony smok leży na wyższej warstwie, w połowie na trzecim, a w połowie na czwartym kamieniu. Ostatni kamień rzędu jest więc zablokowany, choć jego prawa strona jest odsłonięta. Za to sam czerwony smok jest wolny, tak samo jak pierwszy kamień rzędu.

            Krótko mówiąc: kamień jest zablokowany, jeśli choćby jego część przykrywa kamień z wyższej warstwy albo jeśli ma sąsiadów zarówno z lewej, jak i z prawej strony.

            ## Pary

            Wybierz dwa pasujące do siebie wolne kamienie, a znikną z planszy. Kamienie pasują do siebie, gdy są jednakowe: ten sam kolor i ta sama liczba, ten sam wiatr, ten sam smok. Wyjątkiem są kwiaty i pory roku: dowolny kwiat pasuje do każdego innego kwiatu, a dowolna pora roku do każdej innej pory roku. Kwiat nigdy jednak nie pasuje do pory roku.

            {FLOWERS_AND_SEASONS}

            Śliwa i kwiat bambusa tworzą parę, podobnie jak lato i zima; kwiat i pora roku – nie.

            ## Cel gry

            Oczyść planszę ze wszystkich 144 kamieni, czyli z 72 par. W trybie klasycznym oznacza to wygraną, a w trybie zręcznościowym – przejście na kolejny poziom.

            ## Kiedy gra utknie

            Jeśli na planszy zostały kamienie, ale wśród wolnych nie ma żadnej pary, gra jest zablokowana. Możesz cofnąć kilka ruchów i spróbować innej kolejności, przetasować pozostałe kamienie albo zacząć nową grę. Tasowanie rozkłada pozostałe kamienie na tych samych miejscach tak, żeby planszę znów dało się oczyścić.

            ## Żółw

            Żółw to klasyczny układ i to od niego zaczyna się Miaojong. Jego 144 kamienie leżą w pięciu warstwach: 87 na stole, potem 36, 16, 4 i jeden na samym szczycie. Kamień na szczycie spoczywa na czterech kamieniach pod sobą i przykrywa każdy z nich w jednej czwartej, więc dopóki go nie zdejmiesz, wszystkie cztery pozostają zablokowane.

            {TOP_OF_THE_TURTLE}

            Szczyt Żółwia w miniaturze: biały smok przykrywa róg każdego z czterech kamieni pod sobą.

            W połowie wysokości najniższej warstwy wystają trzy dodatkowe kamienie, jeden z lewej i dwa z prawej: to skrzydła. Każdy kamień skrzydła, który styka się z resztą układu, leży na wysokości dwóch rzędów naraz i zamyka końce obu.

            ## Tryb klasyczny

            W trybie klasycznym grasz na czas. Stoper rusza przy pierwszej parze i zatrzymuje się, gdy plansza jest pusta.

            - **Pauza** zatrzymuje stoper.
            - **Cofnij** odkłada na planszę ostatnią parę. Możesz cofnąć dowolnie wiele ruchów, ale stoper się nie cofa.
            - **Podpowiedzi** pokazują parę, którą można zdjąć. Są darmowe, ale liczone, a ich liczba widnieje obok twojego czasu.
            - **Tasuj**, kiedy chcesz i ile razy chcesz.

            ## Tryb zręcznościowy

            W trybie zręcznościowym grasz o punkty, na tylu planszach, ile zdołasz oczyścić.

            - Każda para to 100 punktów plus premia za szybkość, sięgająca 100 punktów. Pełną premię dostajesz, jeśli zdejmiesz parę w ciągu 2 sekund od poprzedniego ruchu (lub od początku poziomu); potem premia równomiernie maleje i po 10 sekundach spada do zera. Czas pauzy się nie liczy.
            - Podpowiedź kosztuje 50 punktów.
            - Oczyszczenie planszy daje 2000 punktów plus 500 za każdy poziom, licząc do 10. poziomu: od dziesiątego poziomu plansza jest warta 7000 punktów.
            - Cofnięcie odkłada ostatnią parę i odbiera dokładnie tyle punktów, ile ona przyniosła.
            - Na całą grę masz trzy tasowania, a nie trzy na każdą planszę. Tasowania nie da się cofnąć, tak samo jak ruchów wykonanych przed nim.
            - Oczyszczona plansza prowadzi na kolejny poziom, z nowym rozdaniem; wynik i pozostałe tasowania przechodzą razem z tobą.
            - Gdy nie ma już ani żadnej pary, ani tasowania, gra się kończy.

            Wynik nigdy nie spada poniżej zera.

            ## Klawisze

            - **H**: podpowiedź
            - **U**: cofnij
            - **S**: tasuj
            - **T**: zmień styl kamieni
            - **P**: pauza i wznowienie

            Każda z tych czynności ma też swój przycisk na ekranie.

            ## Kody gry

            Każde rozdanie ma kod, na przykład `MJ1-L00-ABCDEFG`. MJ1 oznacza wersję zasad rozdawania, L00 – układ (Żółwia), a siedem liter wybiera rozdanie. Ten sam kod zawsze daje tę samą planszę, więc możesz się nim podzielić: wyślij go znajomemu, a zagracie dokładnie tę samą partię.

            ## Tabela wyników

            Ukończone gry mogą trafić do tabeli wyników: klasyczne według czasu, zręcznościowe według punktów. Tabela nie wierzy po prostu liczbie, którą wyśle twoja przeglądarka. Z każdym wynikiem przychodzi pełny zapis ruchów, a serwer odtwarza go ruch po ruchu na tym samym rozdaniu, sprawdza, czy każdy ruch był dozwolony, i sam oblicza czas albo wynik. Gra, w której złamano zasady, zostaje odrzucona; gra rozegrana szybciej, niż potrafiłby człowiek, czeka, aż ktoś ją sprawdzi.
        """),
    },
    "ru": {
        "title": "Как играть",
        "slug": "pravila",
        "summary": "Правила пасьянса «Маджонг»: фишки, какие из них свободны, что составляет пару, два режима игры и клавиши.",
        "body": _body("""
            ## Фишки

            В наборе для маджонга 144 фишки 42 видов. Большинство из них — обычные фишки, по четыре одинаковых каждого вида:

            - **Три масти** с числами от 1 до 9: бамбуки, символы и точки (108 фишек).
            - **Четыре ветра**: северный, южный, восточный и западный (16 фишек).
            - **Три дракона**: красный, зелёный и белый (12 фишек).

            Кроме того, есть восемь особых фишек, каждая в единственном экземпляре: четыре **цветка** (слива, орхидея, бамбук и хризантема) и четыре **времени года** (весна, лето, осень и зима).

            ## Свободные фишки

            Взять можно только свободную фишку. Фишка свободна, если на ней ничего не лежит и хотя бы одна из её длинных сторон, левая или правая, открыта. В ряду свободны две крайние фишки, а средние зажаты соседями.

            {ROW}

            В этом ряду можно взять только две крайние фишки: у трёх средних есть соседи с обеих сторон. На рисунках заблокированные фишки темнее.

            Фишка, лежащая сверху, тоже блокирует ту, что под ней, даже если закрывает её только наполовину.

            {HALF_COVER}

            Здесь красный дракон лежит на верхнем ярусе: наполовину на третьей фишке и наполовину на четвёртой. Поэтому последняя фишка ряда заблокирована, хотя её правая сторона открыта. Зато сам красный дракон свободен, как и первая фишка ряда.

            Коротко: фишка заблокирована, если её хотя бы частично накрывает фишка с яруса выше или если у неё есть соседи и слева, и справа.

            ## Пары

            Выберите две подходящие друг к другу свободные фишки, и они исчезнут с поля. Фишки составляют пару, если они одинаковые: та же масть и то же число, тот же ветер, тот же дракон. Исключение — цветы и времена года: любой цветок составляет пару с любым другим цветком, а любое время года — с любым другим временем года. Но цветок никогда не составляет пару со временем года.

            {FLOWERS_AND_SEASONS}

            Слива и цветок бамбука составляют пару, так же как лето и зима; цветок и время года — нет.

            ## Цель игры

            Очистите поле: уберите все 144 фишки, то есть 72 пары. В классическом режиме это победа, а в аркадном — переход на следующий уровень.

            ## Если ходов больше нет

            Если фишки ещё остались, но среди свободных нет ни одной пары, игра заходит в тупик. Можно отменить несколько ходов и попробовать другой порядок, перемешать оставшиеся фишки или начать новую партию. При перемешивании оставшиеся фишки раскладываются по тем же местам так, чтобы поле снова можно было очистить.

            ## Черепаха

            Черепаха — классическая раскладка, и именно с неё начинается Miaojong. Её 144 фишки лежат в пять ярусов: 87 на столе, затем 36, 16, 4 и одна-единственная на вершине. Верхняя фишка опирается на четыре фишки под ней и закрывает по четверти каждой, так что, пока вы её не уберёте, все четыре остаются заблокированными.

            {TOP_OF_THE_TURTLE}

            Вершина Черепахи в миниатюре: белый дракон закрывает по уголку каждой из четырёх фишек под ним.

            Посередине нижнего яруса выступают три дополнительные фишки: одна слева и две справа. Это крылья. Каждая фишка крыла, примыкающая к остальной раскладке, лежит на стыке двух рядов и закрывает концы обоих.

            ## Классический режим

            В классическом режиме вы играете на время. Секундомер запускается с первой парой и останавливается, когда поле очищено.

            - **Пауза** останавливает секундомер.
            - **Отмена** возвращает на поле последнюю пару. Отменять можно сколько угодно ходов, но время назад не идёт.
            - **Подсказки** показывают пару, которую можно взять. Они бесплатны, но учитываются: их число указывается рядом с вашим временем.
            - **Перемешивать** фишки можно когда угодно и сколько угодно раз.

            ## Аркадный режим

            В аркадном режиме вы играете на очки — на стольких полях, сколько сумеете очистить.

            - Каждая пара приносит 100 очков и бонус за скорость — до 100 очков сверху. Полный бонус вы получаете, если берёте пару не позже чем через 2 секунды после предыдущего хода (или начала уровня); дальше бонус равномерно уменьшается и через 10 секунд падает до нуля. Время на паузе не считается.
            - Подсказка стоит 50 очков.
            - За очищенное поле начисляется 2000 очков плюс 500 за каждый уровень, считая до 10-го: начиная с десятого уровня поле стоит 7000 очков.
            - Отмена возвращает последнюю пару и отнимает ровно столько очков, сколько она принесла.
            - На всю игру даётся три перемешивания, а не три на каждое поле. Перемешивание нельзя отменить, как и ходы, сделанные до него.
            - Очищенное поле ведёт на следующий уровень с новым раскладом; счёт и оставшиеся перемешивания переходят вместе с вами.
            - Когда не осталось ни одной пары и ни одного перемешивания, игра окончена.

            Счёт никогда не опускается ниже нуля.

            ## Клавиши

            - **H**: подсказка
            - **U**: отмена хода
            - **S**: перемешать
            - **T**: сменить стиль фишек
            - **P**: пауза и продолжение

            Для каждого действия есть и кнопка на экране.

            ## Коды партий

            У каждого расклада есть код, например `MJ1-L00-ABCDEFG`. MJ1 — версия правил раздачи, L00 — раскладка (Черепаха), а семь букв задают сам расклад. Один и тот же код всегда даёт одно и то же поле, поэтому им можно поделиться: отправьте его другу, и вы сыграете в точности одну и ту же партию.

            ## Таблица рекордов

            Завершённые партии могут попасть в таблицу рекордов: классические — по времени, аркадные — по очкам. Таблица не принимает на веру число, которое присылает ваш браузер. Вместе с каждым результатом приходит полная запись ходов партии, и сервер проигрывает её ход за ходом на том же раскладе, проверяет, допустим ли был каждый ход, и сам пересчитывает время или счёт. Партия с нарушением правил отклоняется, а партия, сыгранная быстрее, чем под силу человеку, откладывается до проверки.
        """),
    },
    "fr": french(
        {
            "title": "Comment jouer",
            "slug": "regles",
            "summary": "Les règles du Mahjong solitaire : les tuiles, lesquelles sont libres, ce qui forme une paire, les deux modes de jeu et les touches.",
            "body": _body("""
            ## Les tuiles

            Un jeu de mahjong compte 144 tuiles de 42 sortes. La plupart sont des tuiles ordinaires, présentes en quatre exemplaires chacune :

            - **Trois familles** numérotées de 1 à 9 : bambous, caractères et cercles (108 tuiles).
            - **Quatre vents** : nord, sud, est et ouest (16 tuiles).
            - **Trois dragons** : rouge, vert et blanc (12 tuiles).

            S’y ajoutent huit tuiles spéciales, une de chaque : quatre **fleurs** (prunier, orchidée, bambou et chrysanthème) et quatre **saisons** (printemps, été, automne et hiver).

            ## Les tuiles libres

            On ne peut prendre qu’une tuile libre. Une tuile est libre quand rien n’est posé dessus et qu’au moins un de ses grands côtés, le gauche ou le droit, est dégagé. Dans une rangée, les deux tuiles des extrémités sont libres ; celles du milieu sont bloquées par leurs voisines.

            {ROW}

            Dans la rangée ci-dessus, seules les deux tuiles des bouts peuvent être prises : les trois du milieu ont une voisine de chaque côté. Sur les schémas, les tuiles bloquées sont plus sombres.

            Une tuile posée au-dessus bloque aussi celle qui se trouve dessous, même si elle ne la recouvre qu’à moitié.

            {HALF_COVER}

            Ici, le dragon rouge est posé à l’étage supérieur, à cheval sur la troisième et la quatrième tuile. La dernière tuile de la rangée est donc bloquée, bien que son côté droit soit dégagé. Le dragon rouge, lui, est libre, tout comme la première tuile de la rangée.

            En résumé : une tuile est bloquée si une tuile de l’étage supérieur en recouvre ne serait-ce qu’une partie, ou si elle a des voisines à la fois à gauche et à droite.

            ## Les paires

            Choisissez deux tuiles libres qui vont ensemble, et elles quittent le plateau. Deux tuiles forment une paire quand elles sont identiques : même famille et même chiffre, même vent, même dragon. Les fleurs et les saisons font exception : n’importe quelle fleur s’associe à n’importe quelle autre fleur, et n’importe quelle saison à n’importe quelle autre saison. En revanche, une fleur ne va jamais avec une saison.

            {FLOWERS_AND_SEASONS}

            Le prunier et la fleur de bambou forment une paire, tout comme l’été et l’hiver ; une fleur et une saison, non.

            ## Le but du jeu

            Videz le plateau : les 144 tuiles, soit 72 paires. En mode classique, c’est la victoire ; en mode arcade, c’est le passage au niveau suivant.

            ## Quand la partie est bloquée

            S’il reste des tuiles mais qu’aucune paire n’est libre, la partie est bloquée. Vous pouvez annuler quelques coups et essayer un autre ordre, mélanger les tuiles restantes ou commencer une nouvelle partie. Le mélange redistribue les tuiles restantes sur les mêmes emplacements, de façon que le plateau puisse de nouveau être vidé.

            ## La Tortue

            La Tortue est la disposition classique, et c’est par elle que commence Miaojong. Ses 144 tuiles sont réparties sur cinq étages : 87 sur la table, puis 36, 16, 4 et une seule au sommet. La tuile du sommet repose sur les quatre tuiles du dessous et recouvre un quart de chacune : tant que vous ne l’avez pas retirée, elles restent bloquées toutes les quatre.

            {TOP_OF_THE_TURTLE}

            Le sommet de la Tortue en miniature : le dragon blanc recouvre un coin de chacune des quatre tuiles placées dessous.

            À mi-hauteur de l’étage du bas, trois tuiles supplémentaires dépassent, une à gauche et deux à droite : ce sont les ailes. Chaque tuile d’aile qui touche le reste de la disposition se trouve à cheval entre deux rangées et ferme l’extrémité de l’une comme de l’autre.

            ## Le mode classique

            En mode classique, vous jouez contre le chronomètre. Il démarre avec la première paire et s’arrête quand le plateau est vide.

            - **Pause** arrête le chronomètre.
            - **Annuler** remet sur le plateau la dernière paire. Vous pouvez annuler autant de coups que vous voulez, mais le chronomètre ne recule pas.
            - Les **indices** montrent une paire que vous pouvez prendre. Ils sont gratuits mais comptés, et leur nombre s’affiche à côté de votre temps.
            - **Mélanger** : quand vous voulez, autant de fois que vous voulez.

            ## Le mode arcade

            En mode arcade, vous jouez pour les points, sur autant de plateaux que vous parvenez à vider.

            - Chaque paire rapporte 100 points, plus un bonus de rapidité qui peut atteindre 100 points. Le bonus est complet si vous prenez la paire dans les 2 secondes qui suivent le coup précédent (ou le début du niveau) ; ensuite, il diminue régulièrement jusqu’à zéro, atteint au bout de 10 secondes. Le temps de pause ne compte pas.
            - Un indice coûte 50 points.
            - Vider un plateau rapporte 2 000 points, plus 500 par niveau, en comptant jusqu’au niveau 10 : à partir du dixième niveau, un plateau vaut 7 000 points.
            - Annuler remet la dernière paire en place et retire exactement les points qu’elle avait rapportés.
            - Vous disposez de trois mélanges pour toute la partie, et non de trois par plateau. Un mélange ne s’annule pas, pas plus que les coups joués avant lui.
            - Un plateau vidé mène au niveau suivant, avec une nouvelle donne ; votre score et les mélanges qu’il vous reste vous suivent.
            - Quand il ne reste plus aucune paire ni aucun mélange, la partie est terminée.

            Le score ne descend jamais au-dessous de zéro.

            ## Les touches

            - **H** : indice
            - **U** : annuler
            - **S** : mélanger
            - **T** : changer le style des tuiles
            - **P** : pause et reprise

            Chaque action a aussi son bouton à l’écran.

            ## Les codes de partie

            Chaque donne a un code, par exemple `MJ1-L00-ABCDEFG`. MJ1 désigne la version des règles de distribution, L00 la disposition (la Tortue), et les sept lettres choisissent la donne. Le même code produit toujours le même plateau : vous pouvez donc le partager. Envoyez-le à un ami, et vous jouerez exactement la même partie.

            ## Le classement

            Les parties terminées peuvent entrer au classement : les parties classiques selon le temps, les parties arcade selon le score. Le classement ne se contente pas de croire le nombre envoyé par votre navigateur. Chaque résultat arrive accompagné du relevé complet des coups de la partie ; le serveur le rejoue coup par coup sur la même donne, vérifie que chaque coup était permis et recalcule lui-même le temps ou le score. Une partie qui enfreint les règles est refusée ; une partie trop rapide pour un être humain est mise de côté jusqu’à ce que quelqu’un l’ait examinée.
        """),
        }
    ),
}
