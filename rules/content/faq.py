# ruff: noqa: E501, RUF001
"""The FAQ page (``PAGE``, a short introduction) and its questions (``ENTRIES``)."""

from .typography import french, text

PAGE = {
    "key": "faq",
    "order": 40,
    "en": {
        "title": "Questions and answers",
        "slug": "faq",
        "summary": "Short answers to what players ask us most: price, languages, phones, tile styles, fair deals and the leaderboard.",
        "body": text("""
            Short answers to the questions we hear most often. For the complete rules, see the How to play page.
        """),
    },
    "it": {
        "title": "Domande frequenti",
        "slug": "domande-frequenti",
        "summary": "Risposte brevi alle domande più comuni: costi, lingue, telefoni, stili delle tessere, partite vincibili e classifica.",
        "body": text("""
            Risposte brevi alle domande che ci fanno più spesso. Le regole complete sono nella pagina Come si gioca.
        """),
    },
    "pl": {
        "title": "Pytania i odpowiedzi",
        "slug": "pytania-i-odpowiedzi",
        "summary": "Krótkie odpowiedzi na najczęstsze pytania graczy: cena, języki, telefony, style kamieni, uczciwe rozdania i tabela wyników.",
        "body": text("""
            Krótkie odpowiedzi na pytania, które słyszymy najczęściej. Pełne zasady znajdziesz na stronie Jak grać.
        """),
    },
    "ru": {
        "title": "Вопросы и ответы",
        "slug": "voprosy-i-otvety",
        "summary": "Коротко о том, что игроки спрашивают чаще всего: цена, языки, телефоны, стили фишек, честные расклады и таблица рекордов.",
        "body": text("""
            Короткие ответы на вопросы, которые нам задают чаще всего. Полные правила — на странице «Как играть».
        """),
    },
    "fr": french(
        {
            "title": "Questions fréquentes",
            "slug": "questions-frequentes",
            "summary": "Des réponses courtes aux questions les plus courantes : prix, langues, téléphones, styles de tuiles, donnes gagnables et classement.",
            "body": text("""
            Des réponses courtes aux questions que l’on nous pose le plus souvent. Les règles complètes se trouvent sur la page « Comment jouer ».
        """),
        }
    ),
}

ENTRIES = [
    {
        "key": "free",
        "order": 10,
        "en": {
            "question": "Is Miaojong free?",
            "answer": "Yes. You can play every game in full for free, with no registration and nothing to install: all you need is a web browser.",
        },
        "it": {
            "question": "Miaojong è gratuito?",
            "answer": "Sì. Puoi giocare tutte le partite per intero gratis, senza registrarti e senza installare nulla: ti basta un browser.",
        },
        "pl": {
            "question": "Czy Miaojong jest darmowy?",
            "answer": "Tak. Możesz grać bez ograniczeń i za darmo, bez rejestracji i bez instalowania czegokolwiek: wystarczy przeglądarka internetowa.",
        },
        "ru": {
            "question": "Miaojong бесплатный?",
            "answer": "Да. Играть можно бесплатно и без ограничений, без регистрации и без установки чего-либо: нужен только браузер.",
        },
        "fr": french(
            {
                "question": "Miaojong est-il gratuit ?",
                "answer": "Oui. Vous pouvez jouer à toutes les parties, en entier et gratuitement, sans inscription et sans rien installer : un navigateur suffit.",
            }
        ),
    },
    {
        "key": "languages",
        "order": 20,
        "en": {
            "question": "Which languages is the site in?",
            "answer": "English, Italian, Polish, Russian and French. The whole site is translated, rules included, and the language switcher at the top of every page takes you to the same page in another language. On your first visit, we open the site in the language your browser asks for.",
        },
        "it": {
            "question": "In quali lingue è disponibile il sito?",
            "answer": "In inglese, italiano, polacco, russo e francese. Tutto il sito è tradotto, regole comprese, e il selettore della lingua in cima a ogni pagina ti porta alla stessa pagina in un'altra lingua. Alla prima visita apriamo il sito nella lingua richiesta dal tuo browser.",
        },
        "pl": {
            "question": "W jakich językach jest dostępna strona?",
            "answer": "Po angielsku, włosku, polsku, rosyjsku i francusku. Przetłumaczona jest cała strona, łącznie z zasadami, a przełącznik języka u góry każdej strony przenosi cię do tej samej strony w innym języku. Przy pierwszej wizycie otwieramy stronę w języku, którego żąda twoja przeglądarka.",
        },
        "ru": {
            "question": "На каких языках доступен сайт?",
            "answer": "На английском, итальянском, польском, русском и французском. Переведён весь сайт, включая правила, а переключатель языков вверху каждой страницы ведёт на ту же страницу на другом языке. При первом посещении сайт открывается на том языке, который запрашивает ваш браузер.",
        },
        "fr": french(
            {
                "question": "En quelles langues le site est-il disponible ?",
                "answer": "En anglais, en italien, en polonais, en russe et en français. Tout le site est traduit, règles comprises, et le sélecteur de langue en haut de chaque page vous mène à la même page dans une autre langue. Lors de votre première visite, le site s’ouvre dans la langue que demande votre navigateur.",
            }
        ),
    },
    {
        "key": "phones",
        "order": 30,
        "en": {
            "question": "Does it work on phones and tablets?",
            "answer": "Yes. Tap a tile to select it, then tap its partner to take the pair. On a small screen you can pinch to zoom and drag to move the board, and a double tap switches between a close-up and the whole board. The game works in portrait and in landscape.",
        },
        "it": {
            "question": "Funziona su telefoni e tablet?",
            "answer": "Sì. Tocca una tessera per selezionarla, poi tocca la sua compagna per prendere la coppia. Su uno schermo piccolo puoi allargare le dita per ingrandire e trascinare per spostare il tavolo, mentre un doppio tocco passa dalla vista ravvicinata al tavolo intero e viceversa. Il gioco funziona sia in verticale sia in orizzontale.",
        },
        "pl": {
            "question": "Czy gra działa na telefonach i tabletach?",
            "answer": "Tak. Dotknij kamienia, żeby go zaznaczyć, a potem dotknij pasującego, żeby zdjąć parę. Na małym ekranie możesz rozsunąć palce, żeby powiększyć planszę, i przeciągnąć, żeby ją przesunąć, a dwukrotne dotknięcie przełącza między zbliżeniem a całą planszą. Gra działa zarówno w pionie, jak i w poziomie.",
        },
        "ru": {
            "question": "Можно ли играть на телефоне или планшете?",
            "answer": "Да. Коснитесь фишки, чтобы выбрать её, а затем коснитесь подходящей, чтобы убрать пару. На маленьком экране поле можно увеличить жестом двумя пальцами и перемещать, проводя по нему пальцем, а двойное касание переключает между крупным планом и всем полем. Игра работает и в вертикальной, и в горизонтальной ориентации.",
        },
        "fr": french(
            {
                "question": "Peut-on jouer sur téléphone et sur tablette ?",
                "answer": "Oui. Touchez une tuile pour la sélectionner, puis touchez sa partenaire pour retirer la paire. Sur un petit écran, écartez deux doigts pour zoomer et faites glisser pour déplacer le plateau ; un double appui passe du gros plan au plateau entier, et inversement. Le jeu fonctionne en mode portrait comme en mode paysage.",
            }
        ),
    },
    {
        "key": "tile-styles",
        "order": 40,
        "en": {
            "question": "Can I change how the tiles look?",
            "answer": "Yes. There are three styles: kittens, classic and numbers. Press T during a game to switch from one to the next. The style changes only the pictures: the tiles, the rules and the pairs stay the same.",
        },
        "it": {
            "question": "Posso cambiare l'aspetto delle tessere?",
            "answer": "Sì. Ci sono tre stili: gattini, classico e numeri. Durante la partita premi T per passare da uno stile all'altro. Lo stile cambia solo i disegni: tessere, regole e coppie restano le stesse.",
        },
        "pl": {
            "question": "Czy mogę zmienić wygląd kamieni?",
            "answer": "Tak. Do wyboru są trzy style: kotki, klasyczny i cyfry. W trakcie gry naciśnij T, żeby przejść do następnego stylu. Styl zmienia tylko obrazki: kamienie, zasady i pary pozostają takie same.",
        },
        "ru": {
            "question": "Можно ли изменить внешний вид фишек?",
            "answer": "Да. Есть три стиля: котята, классический и цифры. Во время игры нажмите T, чтобы переключиться на следующий стиль. Стиль меняет только картинки: фишки, правила и пары остаются прежними.",
        },
        "fr": french(
            {
                "question": "Puis-je changer l’apparence des tuiles ?",
                "answer": "Oui. Il existe trois styles : chatons, classique et chiffres. Pendant une partie, appuyez sur T pour passer d’un style au suivant. Le style ne change que les dessins : les tuiles, les règles et les paires restent les mêmes.",
            }
        ),
    },
    {
        "key": "solvable",
        "order": 50,
        "en": {
            "question": "Can every deal be won?",
            "answer": text("""
                Yes. Every board is built backwards: we start from an empty table and put the tiles down pair by pair, each pair on spots that are free at that moment. Taking the pairs away in the reverse order clears the board, so a winning order always exists, and the server checks it before the deal is handed out. Shuffles, too, deal the remaining tiles so that they can still be cleared.

                That does not mean that every order of moves wins: a wrong pair can still leave you stuck. If that happens, use undo and try another way.
            """),
        },
        "it": {
            "question": "Si può vincere ogni partita?",
            "answer": text("""
                Sì. Ogni tavolo viene costruito a ritroso: si parte dal tavolo vuoto e si posano le tessere una coppia alla volta, ogni coppia su posti che in quel momento sono liberi. Togliendo le coppie nell'ordine inverso il tavolo si svuota, quindi un ordine vincente esiste sempre, e il server lo verifica prima di distribuire la partita. Anche il rimescolamento ridistribuisce le tessere rimaste in modo che si possano ancora togliere tutte.

                Questo non significa che ogni ordine di mosse porti alla vittoria: una coppia sbagliata può comunque bloccarti. In quel caso usa Annulla e prova un'altra strada.
            """),
        },
        "pl": {
            "question": "Czy każde rozdanie da się wygrać?",
            "answer": text("""
                Tak. Każdą planszę układamy wstecz: zaczynamy od pustego stołu i kładziemy kamienie para po parze, każdą parę na miejscach, które są w tym momencie wolne. Zdejmowanie par w odwrotnej kolejności oczyszcza planszę, więc zwycięska kolejność zawsze istnieje, a serwer sprawdza ją, zanim rozda grę. Tasowanie też rozkłada pozostałe kamienie tak, żeby wciąż dało się je wszystkie zdjąć.

                Nie znaczy to, że wygrywa każda kolejność ruchów: źle wybrana para nadal może zablokować grę. Wtedy użyj cofania i spróbuj inaczej.
            """),
        },
        "ru": {
            "question": "Любой ли расклад можно пройти?",
            "answer": text("""
                Да. Каждое поле строится в обратном порядке: мы начинаем с пустого стола и выкладываем фишки пара за парой, каждую пару — на места, свободные в этот момент. Если убирать пары в обратном порядке, поле очистится, так что выигрышный порядок существует всегда, и сервер проверяет его, прежде чем выдать расклад. Перемешивание тоже раскладывает оставшиеся фишки так, чтобы их все ещё можно было убрать.

                Это не значит, что выигрывает любой порядок ходов: неудачно выбранная пара всё равно может завести в тупик. В таком случае отмените ход и попробуйте по-другому.
            """),
        },
        "fr": french(
            {
                "question": "Toutes les donnes peuvent-elles être gagnées ?",
                "answer": text("""
                Oui. Chaque plateau est construit à rebours : on part d’une table vide et on pose les tuiles paire par paire, chaque paire sur des emplacements libres à ce moment-là. En retirant les paires dans l’ordre inverse, on vide le plateau : un ordre gagnant existe donc toujours, et le serveur le vérifie avant de distribuer la donne. Les mélanges, eux aussi, redistribuent les tuiles restantes de façon qu’elles puissent encore toutes être retirées.

                Cela ne veut pas dire que tous les ordres de coups mènent à la victoire : une mauvaise paire peut toujours vous bloquer. Dans ce cas, annulez et essayez un autre chemin.
            """),
            }
        ),
    },
    {
        "key": "share-a-deal",
        "order": 60,
        "en": {
            "question": "Can I play the same deal as a friend?",
            "answer": "Yes. Every deal has a game code such as `MJ1-L00-ABCDEFG`, and the same code always deals the same board. Send the code to a friend: you can both play it and compare your times or scores.",
        },
        "it": {
            "question": "Posso giocare la stessa partita di un amico?",
            "answer": "Sì. Ogni distribuzione ha un codice partita come `MJ1-L00-ABCDEFG`, e lo stesso codice produce sempre lo stesso tavolo. Manda il codice a un amico: potrete giocarla entrambi e confrontare tempi o punteggi.",
        },
        "pl": {
            "question": "Czy mogę zagrać to samo rozdanie co znajomy?",
            "answer": "Tak. Każde rozdanie ma kod gry, na przykład `MJ1-L00-ABCDEFG`, a ten sam kod zawsze daje tę samą planszę. Wyślij kod znajomemu: oboje możecie je rozegrać i porównać czasy albo wyniki.",
        },
        "ru": {
            "question": "Можно ли сыграть тот же расклад, что и друг?",
            "answer": "Да. У каждого расклада есть код партии, например `MJ1-L00-ABCDEFG`, и один и тот же код всегда даёт одно и то же поле. Отправьте код другу: вы оба сможете сыграть этот расклад и сравнить время или очки.",
        },
        "fr": french(
            {
                "question": "Puis-je jouer la même donne qu’un ami ?",
                "answer": "Oui. Chaque donne a un code de partie, par exemple `MJ1-L00-ABCDEFG`, et le même code produit toujours le même plateau. Envoyez le code à un ami : vous pourrez la jouer tous les deux et comparer vos temps ou vos scores.",
            }
        ),
    },
    {
        "key": "fair-leaderboard",
        "order": 70,
        "en": {
            "question": "How is the leaderboard kept fair?",
            "answer": "Your browser does not send just a time or a score: it sends the whole move log of the game. The server replays the log on the same deal, checks every move against the rules and works out the time or the score itself. Games with impossible moves are refused, and games played faster than a person could play are held back until someone has checked them.",
        },
        "it": {
            "question": "Come si mantiene corretta la classifica?",
            "answer": "Il tuo browser non invia soltanto un tempo o un punteggio, ma l'elenco completo delle mosse della partita. Il server rigioca quell'elenco sulla stessa distribuzione, controlla ogni mossa secondo le regole e calcola da sé il tempo o il punteggio. Le partite con mosse impossibili vengono rifiutate, e quelle giocate più in fretta di quanto possa fare una persona restano in sospeso finché qualcuno non le ha controllate.",
        },
        "pl": {
            "question": "Jak dbacie o uczciwość tabeli wyników?",
            "answer": "Twoja przeglądarka nie wysyła samego czasu ani wyniku, tylko pełny zapis ruchów gry. Serwer odtwarza ten zapis na tym samym rozdaniu, sprawdza każdy ruch z zasadami i sam oblicza czas albo wynik. Gry z niemożliwymi ruchami są odrzucane, a gry rozegrane szybciej, niż potrafiłby człowiek, czekają, aż ktoś je sprawdzi.",
        },
        "ru": {
            "question": "Как обеспечивается честность таблицы рекордов?",
            "answer": "Ваш браузер присылает не просто время или счёт, а полную запись ходов партии. Сервер проигрывает эту запись на том же раскладе, сверяет каждый ход с правилами и сам вычисляет время или счёт. Партии с невозможными ходами отклоняются, а партии, сыгранные быстрее, чем под силу человеку, откладываются до проверки.",
        },
        "fr": french(
            {
                "question": "Comment le classement reste-t-il équitable ?",
                "answer": "Votre navigateur n’envoie pas seulement un temps ou un score : il envoie le relevé complet des coups de la partie. Le serveur rejoue ce relevé sur la même donne, vérifie chaque coup selon les règles et calcule lui-même le temps ou le score. Les parties comportant des coups impossibles sont refusées, et celles jouées plus vite qu’un être humain ne le pourrait sont mises de côté jusqu’à ce que quelqu’un les ait vérifiées.",
            }
        ),
    },
]
