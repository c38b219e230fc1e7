"""French: every message the banker says, in the words of Ultimate Monopoly's French rules.

The terms are those of the French translation of the rules (bon de voyage, station de
transit, compagnie de taxi, coin payant, dé de vitesse, M. Monopoly, Bourse, métro, gratte-ciel,
caution, le Pool); the spaces keep the names printed on the board, which is American, and the
companies theirs. Amounts are written as in France, ``1 500 $``: a narrow no-break space
(U+202F) between thousands, as Babel's ``fr_FR`` does, and a no-break space before the sign.
French typography is applied to every sentence: the space before ``: ; ! ? »`` never breaks.

A card's title is quoted in a sentence (« Allez en prison ! »), bare where it stands alone.
Templates are written with ``{de name}`` and ``{à name}`` where French contracts or elides
(``du Pool``, ``au Pool``, ``d'Ann``, ``de la Banque``), besides the ``{name}`` and
``{name:variant}`` fields of the English catalogue.

>>> from companion.messages import render
>>> render("event.turn", {"player": "Ann"}, "fr")
"Au tour d'Ann."
>>> render("note.bid", {"player": "Bob", "amount": 1500}, "fr") == "Bob offre 1\\u202f500\\u00a0$."
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.messages.rendering import Params, Template

#: Chaque type de commande en nom, pour la ligne d'une commande annulée (« la carte tirée »).
COMMAND_NOUNS = {
    "deal": "la distribution",
    "order_roll": "le lancer pour l'ordre du jeu",
    "roll": "le lancer",
    "dice": "les dés",
    "bail": "la caution payée",
    "jail_card": "la carte Libéré de prison",
    "choose": "la case choisie",
    "bus": "le choix du Ticket de bus",
    "end_turn": "la fin du tour",
    "buy": "l'achat",
    "auction": "la mise aux enchères",
    "bid": "l'offre",
    "pass": "le passe",
    "taxi": "la course en taxi",
    "skip": "le choix passé",
    "draw": "la carte tirée",
    "gift": "le cadeau d'anniversaire",
    "stock": "le choix en Bourse",
    "voucher": "le bon de voyage",
    "pay": "le paiement",
    "bankrupt": "la faillite",
    "build": "la construction",
    "sell_building": "le bâtiment vendu",
    "sell_down": "les bâtiments revendus",
    "mortgage": "l'hypothèque",
    "unmortgage": "la levée d'hypothèque",
    "trade": "l'échange",
    "play_card": "la carte jouée",
    "option": "l'option de la carte",
    "target": "le joueur visé",
    "accept": "la carte acceptée",
    "refuse": "la carte refusée",
    "end_game": "la fin de la partie",
}

NARROW_NBSP = "\u202f"
NBSP = "\u00a0"


def number(n: int) -> str:
    """An integer as French writes it: groups of three digits split by a narrow no-break space
    (the output of Babel's ``format_decimal(n, locale="fr_FR")``, which this module may not
    import: ``companion`` uses only the standard library).

    >>> number(1234567) == "1\\u202f234\\u202f567", number(999), number(-1000) == "-1\\u202f000"
    (True, '999', True)
    """
    digits = str(abs(int(n)))
    groups = [digits[max(i - 3, 0) : i] for i in range(len(digits), 0, -3)]
    return ("-" if n < 0 else "") + NARROW_NBSP.join(reversed(groups))


def money(amount: int) -> str:
    """Dollars the French way: the number, a no-break space, then the sign.

    >>> money(1500) == "1\\u202f500\\u00a0$", money(-50) == "-50\\u00a0$"
    (True, True)
    """
    return f"{number(amount)}{NBSP}$"


def join(names: Sequence[str]) -> str:
    """Names as a list in a sentence.

    >>> join(["Ann"]), join(["Ann", "Bob"]), join(["Ann", "Bob", "Cy"]), join([])
    ('Ann', 'Ann et Bob', 'Ann, Bob et Cy', 'personne')
    """
    if len(names) <= 1:
        return "".join(names) or "personne"
    return f"{', '.join(names[:-1])} et {names[-1]}"


def roll(d1: int, d2: int, speed: Any) -> str:
    """Two white dice and the speed die (``None`` when it was not rolled).

    >>> roll(3, 4, "bus"), roll(2, 2, 1), roll(5, 6, None)
    ('3+4 et le Bus', '2+2 et 1', '5+6')
    """
    if speed is None:
        return f"{d1}+{d2}"
    return f"{d1}+{d2} et {WORDS.get(f'speed.{speed}', str(speed))}"


_SPACES = (
    (re.compile(r" ([:»])"), NBSP + r"\1"),
    (re.compile(r" ([;!?])"), NARROW_NBSP + r"\1"),
    (re.compile(r"« "), "«" + NBSP),
)


def typeset(text: str) -> str:
    """French typography: the space before ``: ; ! ? »`` and after ``«`` does not break.

    >>> typeset("Prêt ? Oui : « Go ! »") == "Prêt\\u202f? Oui\\u00a0: «\\u00a0Go\\u202f!\\u00a0»"
    True
    """
    for pattern, replacement in _SPACES:
        text = pattern.sub(replacement, text)
    return text


_VOWEL = re.compile(r"[AEIOUYÀÂÉÈÊËÎÏÔŒÙÛÜaeiouyàâéèêëîïôœùûü]")


def de(shown: str) -> str:
    """``de`` before a name, elided or contracted: ``d'Ann``, ``du Pool``, ``de la Banque``.

    >>> de("Ann"), de("Bob"), de("le Pool"), de("la Banque"), de("les joueurs")
    ("d'Ann", 'de Bob', 'du Pool', 'de la Banque', 'des joueurs')
    """
    if shown.startswith("le "):
        return "du " + shown[3:]
    if shown.startswith("les "):
        return "des " + shown[4:]
    return ("d'" if _VOWEL.match(shown) else "de ") + shown


def a(shown: str) -> str:
    """``à`` before a name, contracted: ``à Ann``, ``au Pool``, ``à la Banque``.

    >>> a("Ann"), a("le Pool"), a("la Banque")
    ('à Ann', 'au Pool', 'à la Banque')
    """
    if shown.startswith("le "):
        return "au " + shown[3:]
    if shown.startswith("les "):
        return "aux " + shown[4:]
    return "à " + shown


_FIELD = re.compile(r"\{(?:(de|à) )?(\w+)(?::(\w+))?\}")


def _fr(template: str) -> Template:
    """A template of ``{name}``, ``{name:variant}``, ``{de name}`` and ``{à name}`` fields."""

    def words(p: Params) -> str:
        def field(match: re.Match[str]) -> str:
            before, name, variant = match.groups()
            shown = p.shown(name, variant or "")
            return de(shown) if before == "de" else a(shown) if before == "à" else shown

        return typeset(_FIELD.sub(field, template))

    words.template = template  # type: ignore[attr-defined]
    return words


M = money

_WORDS: Mapping[str, str] = {
    "account.Bank": "la Banque",
    "account.Pool": "le Pool",
    "deck.chance": "Chance",
    "deck.community_chest": "Caisse de communauté",
    "deck.travel_voucher": "Bon de voyage",
    "deck.roll_three": "Roll Three",
    "speed.mr": "M. Monopoly",
    "speed.bus": "le Bus",
    "among.any_space": "n'importe quelle case",
    "among.unowned_outer_property": "une propriété libre de la piste extérieure",
    "among.transportation": "un chemin de fer ou une compagnie de taxi",
    "among.cab_company": "une compagnie de taxi",
    "pile.houses": "une maison",
    "pile.hotels": "un hôtel",
    "pile.skyscrapers": "un gratte-ciel",
    "pile.train_depots": "un dépôt ferroviaire",
    "pile.cab_stands": "une station de taxi",
    "track.outer": "extérieure",
    "track.middle": "médiane",
    "track.inner": "intérieure",
    # The colour groups, as the rules name the outer track's ("rose clair", "sarcelle"...).
    "group.purple": "violet",
    "group.light blue": "bleu clair",
    "group.pink": "rose",
    "group.orange": "orange",
    "group.red": "rouge",
    "group.yellow": "jaune",
    "group.green": "vert",
    "group.dark blue": "bleu foncé",
    "group.light pink": "rose clair",
    "group.light green": "vert clair",
    "group.cream": "crème",
    "group.teal": "sarcelle",
    "group.wine": "bordeaux",
    "group.gold": "or",
    "group.peach": "pêche",
    "group.maroon": "marron",
    "group.white": "blanc",
    "group.black": "noir",
    "group.gray": "gris",
    "group.brown": "brun",
    # The companies keep their printed names, as in the French rules.
    "company.Motion Pictures": "Motion Pictures",
    "company.Allied Steamships": "Allied Steamships",
    "company.National Utilities": "National Utilities",
    "company.General Radio": "General Radio",
    "company.United Railways": "United Railways",
    "company.Acme Motors": "Acme Motors",
    # Travel Vouchers
    "voucher.voucher-free-cab-fare-back-1": "Taxi gratuit -1",
    "voucher.voucher-free-cab-fare-back-2": "Taxi gratuit -2",
    "voucher.voucher-free-cab-fare-back-3": "Taxi gratuit -3",
    "voucher.voucher-free-cab-fare-ahead-1": "Taxi gratuit +1",
    "voucher.voucher-free-cab-fare-ahead-2": "Taxi gratuit +2",
    "voucher.voucher-free-cab-fare-ahead-3": "Taxi gratuit +3",
    "voucher.voucher-bus-ticket": "Ticket de bus",
    # The printed title is a whole sentence; a button has room for its gist.
    "voucher.voucher-bus-ticket-expiring": "Ticket de bus (les autres bons expirent)",
    "voucher.voucher-transit-token": "Jeton de transit",
}

_ADVANCE_BUY = "si elle est libre, vous pouvez l'acheter ou la mettre aux enchères ; sinon payez"
_PAY_CORNERS = f"extérieure Pay Day {M(400)}, médiane GO {M(200)}, intérieure Bonus {M(300)}"
_PASSED = "touchez le revenu de chaque coin payant passé"
_STORM = "un gratte-ciel devient un hôtel, un hôtel devient 4 maisons"

#: Each card: its French title and its text (``card.<id>``, ``card_effect.<id>``).
_CARDS: Mapping[str, tuple[str, str]] = {
    # -- Chance -------------------------------------------------------------------------------
    "chance-advance-to-the-pay-corner": (
        "Avancez jusqu'au coin payant",
        f"Avancez jusqu'au coin payant de votre piste et touchez son revenu : {_PAY_CORNERS}.",
    ),
    "chance-advance-to-the-nearest-railroad": (
        "Avancez jusqu'au chemin de fer le plus proche",
        "Avancez jusqu'au chemin de fer (station de transit) le plus proche ; s'il est libre, "
        "vous pouvez l'acheter ou le mettre aux enchères ; sinon payez au propriétaire le double "
        "du loyer normal.",
    ),
    "chance-advance-to-illinois-avenue": (
        "Avancez jusqu'à Illinois Avenue",
        f"Avancez jusqu'à Illinois Avenue ; {_ADVANCE_BUY} au propriétaire le loyer normal.",
    ),
    "chance-advance-to-saint-charles-place": (
        "Avancez jusqu'à St. Charles Place",
        f"Avancez jusqu'à St. Charles Place ; {_ADVANCE_BUY} au propriétaire le loyer normal.",
    ),
    "chance-advance-to-the-nearest-utility": (
        "Avancez jusqu'au service public le plus proche",
        "Avancez jusqu'au service public le plus proche ; s'il est libre, vous pouvez l'acheter "
        "ou le mettre aux enchères ; sinon lancez 2 dés et payez au propriétaire 10 fois le total.",
    ),
    "chance-get-out-of-jail-free": (
        "Vous êtes libéré de prison !",
        "Gardez cette carte jusqu'à ce que vous en ayez besoin ; jouez-la à votre tour pour "
        "sortir de prison.",
    ),
    "chance-go-back-three-3-spaces": ("Reculez de trois (3) cases", "Reculez de 3 cases."),
    "chance-go-to-jail": (
        "Allez en prison !",
        "Allez directement en prison ; ne passez par aucun coin payant, ne touchez rien.",
    ),
    "chance-make-general-repairs-to-all-your-properties": (
        "Faites des réparations dans toutes vos propriétés.",
        f"Payez {M(25)} par maison, station de taxi et dépôt ferroviaire, et {M(100)} par hôtel "
        "et par gratte-ciel, au Pool.",
    ),
    "chance-traffic-ticket": ("Amende pour excès de vitesse !", f"Payez {M(15)} au Pool."),
    "chance-school-fees": ("Frais de scolarité", f"Payez {M(150)} au Pool."),
    "chance-advance-to-the-stock-exchange": (
        "Avancez jusqu'à la Bourse",
        f"Avancez jusqu'à la Bourse (Stock Exchange) ; si vous passez Pay Day, touchez {M(300)}.",
    ),
    "chance-stock-market-crash": (
        "KRACH boursier !",
        "Chaque actionnaire rend à la Banque la moitié (arrondie au supérieur) de ses actions de "
        "chaque société (elles pourront être rachetées plus tard).",
    ),
    "chance-caught-insider-trading": (
        "Pris pour délit d'initié !",
        "Payez au Pool une amende égale aux dividendes de toutes vos actions ET allez directement "
        "en prison ; sans action, ni amende ni prison.",
    ),
    "chance-video-killed-the-radio-star": (
        "La vidéo a tué la star de la radio !",
        "Les dividendes de General Radio sont divisés par deux (arrondis au supérieur) pour tous "
        "les actionnaires lors des 2 prochains versements.",
    ),
    "chance-travel-is-all-the-rage": (
        "Le voyage fait fureur !",
        "Les actionnaires de United Railways, Acme Motors et Allied Steamships touchent "
        "immédiatement leurs dividendes.",
    ),
    "chance-entertainment-rocks": (
        "Le divertissement cartonne !",
        "Les actionnaires de Motion Pictures et General Radio touchent immédiatement leurs "
        "dividendes.",
    ),
    "chance-electric-car-shocking-success": (
        "Succès électrisant de la voiture électrique !",
        "Les actionnaires d'Acme Motors et National Utilities touchent immédiatement leurs "
        "dividendes ; le propriétaire d'Electric Company touche le TRIPLE de ses dividendes.",
    ),
    "chance-loan-matures": ("Votre prêt vous rapporte !", f"Recevez {M(150)} de la Banque."),
    "chance-holiday-bonus": ("Prime de vacances !", f"Recevez {M(100)} de la Banque."),
    "chance-just-say-no": (
        "Dites « NON » !",
        "Gardez cette carte ; jouez-la à tout moment pour arrêter l'action d'un autre joueur "
        "contre vous.",
    ),
    "chance-occupy-wall-street": (
        "Occupez Wall Street",
        f"Avancez jusqu'à Wall Street ; {_ADVANCE_BUY} au propriétaire le loyer normal.",
    ),
    "chance-you-are-elected-as-the-chairperson": (
        "Vous êtes élu président du conseil",
        f"Payez {M(50)} à chaque joueur.",
    ),
    "chance-gain-interest-from-savings": (
        "Les intérêts de votre épargne",
        f"Recevez {M(50)} de la Banque.",
    ),
    "chance-see-you-in-court": (
        "On se verra au tribunal !",
        f"Gardez cette carte et jouez-la à votre tour : prenez {M(250)} au joueur de votre choix.",
    ),
    "chance-advance-to-boardwalk": (
        "Avancez jusqu'à Boardwalk",
        f"Avancez jusqu'à Boardwalk ; {_ADVANCE_BUY} au propriétaire le loyer normal.",
    ),
    "chance-ride-on-the-reading": (
        "Prenez le Reading",
        f"Avancez jusqu'au Reading Railroad ; {_ADVANCE_BUY} au propriétaire le loyer normal.",
    ),
    "chance-buyers-market": (
        "Marché favorable aux acheteurs !",
        "Gardez cette carte et jouez-la à votre tour : allez sur n'importe quelle propriété libre "
        "de la piste EXTÉRIEURE et achetez-la à la Banque à moitié prix.",
    ),
    "chance-foreclosed-property-sale": (
        "Vente d'une propriété saisie !",
        "Gardez cette carte et jouez-la à votre tour : prenez n'importe quelle propriété "
        "hypothéquée d'un adversaire en payant sa valeur hypothécaire à la Banque.",
    ),
    "chance-excellent-accounting": (
        "Comptabilité excellente",
        "Gardez cette carte et jouez-la à votre tour : avancez jusqu'à Tax Refund et touchez "
        "TOUT le Pool.",
    ),
    "chance-forward-thinker": ("Toujours en avance", "Avancez de 3 cases."),
    "chance-property-taxes": (
        "Taxe foncière",
        f"Payez {M(25)} au Pool pour chaque propriété non hypothéquée que vous possédez.",
    ),
    "chance-hey-taxi-whistle": (
        "HÉ ! TAXI !!! *coup de sifflet*",
        f"Avancez jusqu'à Black & White Cab Company ; {_ADVANCE_BUY} au propriétaire le loyer "
        "normal.",
    ),
    "chance-get-rollin": ("En route !", "Avancez jusqu'à Roll Three et lancez les dés."),
    "chance-hurricane-makes-landfall": (
        "L'ouragan touche terre !",
        "Retirez 1 maison de chaque propriété d'UN groupe de couleur de N'IMPORTE QUEL joueur "
        f"(au choix de celui qui pioche) ; {_STORM}.",
    ),
    "chance-ride-the-subway": (
        "Prenez le métro",
        "Allez directement au Subway ; à votre prochain tour, allez sur n'importe quelle case.",
    ),
    "chance-social-media-fail": (
        "Bourde sur les réseaux sociaux !",
        f"Payez {M(50)} à chacun des autres joueurs.",
    ),
    "chance-business-trip": ("Voyage d'affaires", "Prenez un bon de voyage dans la pioche."),
    "chance-advance-to-boylston-street": (
        "Avancez jusqu'à Boylston Street",
        f"Avancez jusqu'à Boylston Street ; {_PASSED}.",
    ),
    "chance-advance-to-lombard-street": (
        "Avancez jusqu'à Lombard Street",
        f"Avancez jusqu'à Lombard Street ; {_PASSED}.",
    ),
    "chance-advance-to-squeeze-play": (
        "Avancez jusqu'à Squeeze Play",
        f"Avancez jusqu'à Squeeze Play ; {_PASSED}.",
    ),
    "chance-pay-back": (
        "Retour de bâton !",
        "Allez directement en prison ; tant que vous y êtes, vous ne touchez aucun loyer : tout "
        "loyer qui vous est dû va au Pool.",
    ),
    "chance-assets-seized": (
        "Biens saisis !",
        "Cédez à la Banque une propriété non bâtie et non hypothéquée OU un bâtiment ; si vous "
        "n'avez aucune propriété, allez directement en prison.",
    ),
    "chance-taxi-wars-are-not-fare": (
        "La guerre des taxis, c'est pas du jeu !",
        "Prenez une compagnie de taxi à n'importe quel joueur (si aucune n'a de propriétaire, "
        "achetez à la Banque celle de votre choix) et avancez jusqu'à elle ; touchez le revenu "
        "des coins payants passés.",
    ),
    "chance-get-taken-for-a-ride": (
        "Faites-vous balader",
        "Allez directement à la compagnie de taxi la plus proche ; si elle a un propriétaire, "
        "payez le double du loyer ; sinon il ne se passe rien (elle ne peut être ni achetée ni "
        "mise aux enchères).",
    ),
    "chance-win-the-marathon": (
        "Vous gagnez le marathon !",
        "Faites un tour complet de votre piste et touchez le revenu du coin payant de cette piste.",
    ),
    "chance-mardi-gras": ("MARDI GRAS !", "TOUS les joueurs vont directement à Canal Street."),
    "chance-gps-is-not-working": (
        "Le GPS ne marche pas",
        "Le joueur à votre gauche déplace directement votre pion sur la case de son choix.",
    ),
    "chance-garbage-day": (
        "Jour des poubelles",
        "Avancez jusqu'à Trash Collector ; s'il est libre, vous pouvez l'acheter ou le mettre aux "
        "enchères ; sinon lancez 2 dés et payez au propriétaire 10 fois le total ; touchez le "
        "revenu des coins payants passés.",
    ),
    "chance-strong-armed-deal": (
        "Affaire forcée",
        "Gardez cette carte et jouez-la à votre tour : échangez un titre de propriété avec le "
        "joueur de votre choix (hors monopole).",
    ),
    "chance-slick-move": (
        "Coup habile",
        "Gardez cette carte et jouez-la à votre tour : volez un titre de propriété au joueur de "
        "votre choix (hors monopole).",
    ),
    "chance-zero-dollars-down": (
        "Zéro dollar d'apport !",
        "Gardez cette carte et jouez-la à votre tour : construisez gratuitement 1 maison sur une "
        "propriété d'un de vos monopoles.",
    ),
    "chance-party-time": ("C'est la fête", f"Payez {M(25)} au Pool."),
    "chance-shouldnt-the-train-be-here-already": (
        "Le train ne devrait-il pas déjà être là ?",
        f"Si vous possédez un chemin de fer ou des actions United Railways, payez {M(50)} à "
        "chaque joueur.",
    ),
    "chance-always-bank-on-family": (
        "On peut toujours compter sur la famille",
        f"Gardez cette carte : la Banque ajoute {M(100)} à votre dernière offre lors des "
        "prochaines enchères.",
    ),
    "chance-comped-room": (
        "Chambre offerte",
        "Gardez cette carte jusqu'à son usage : la prochaine fois que vous vous arrêtez sur la "
        "propriété d'un autre joueur, vous ne payez pas de loyer.",
    ),
    "chance-new-fitness-craze": (
        "Nouvelle mode du fitness",
        f"Payez {M(25)} à chaque joueur.",
    ),
    "chance-advance-to-tax-refund": (
        "Avancez jusqu'à Tax Refund",
        "Avancez jusqu'à Tax Refund, touchez 50 % du Pool (s'il y a de l'argent), puis donnez "
        f"{M(50)} à chaque joueur.",
    ),
    "chance-changing-lanes-below": (
        "Changement de piste (vers l'extérieur)",
        "Allez directement sur la case de la piste juste EN DESSOUS (vers l'extérieur) ; sur la "
        "piste extérieure, il ne se passe rien.",
    ),
    "chance-changing-lanes-above": (
        "Changement de piste (vers l'intérieur)",
        "Allez directement sur la case de la piste juste AU-DESSUS (vers l'intérieur) ; sur la "
        "piste intérieure, il ne se passe rien.",
    ),
    # -- Caisse de communauté -----------------------------------------------------------------
    "cc-insurance-premiums-due": ("Primes d'assurance à payer", f"Payez {M(50)} au Pool."),
    "cc-you-inherit-100": (f"Vous héritez de {M(100)}", f"Recevez {M(100)} de la Banque."),
    "cc-just-say-no": (
        "Dites « NON » !",
        "Gardez cette carte ; jouez-la à tout moment pour arrêter l'action d'un autre joueur "
        "contre vous.",
    ),
    "cc-doctors-fee": ("Payez la note du médecin", f"Payez {M(50)} au Pool."),
    "cc-opening-night-tickets": (
        "Billets pour la première !",
        f"Recevez {M(50)} de chacun des autres joueurs.",
    ),
    "cc-happy-birthday": (
        "Joyeux anniversaire !",
        f"Recevez {M(10)} de chaque joueur, puis allez sur Birthday Gift et suivez la case.",
    ),
    "cc-business-trip-draw-2": (
        "Voyage d'affaires (piochez-en 2)",
        "Piochez 2 bons de voyage.",
    ),
    "cc-april-15-taxes-due": (
        "15 avril, jour des impôts !",
        "Au choix : allez directement à Income Tax (aucun coin payant, aucun revenu) et payez-la, "
        "OU allez directement en prison.",
    ),
    "cc-sale-of-stock-bonus": (
        "Prime sur vente d'actions",
        "Gardez cette carte et jouez-la à votre tour : revendez une action à la Banque pour sa "
        f"valeur plus {M(50)}.",
    ),
    "cc-game-night": (
        "Soirée jeux !",
        "Choisissez un adversaire ; lancez chacun les dés ; le plus haut reçoit "
        f"{M(200)} de la Banque.",
    ),
    "cc-a-moving-experience": (
        "Un déménagement mouvementé",
        "Allez sur n'importe quelle propriété de transport (chemin de fer ou compagnie de taxi) ; "
        "si elle est libre, vous pouvez l'acheter ou la mettre aux enchères ; sinon payez le "
        "loyer.",
    ),
    "cc-house-condemned": (
        "MAISON INSALUBRE",
        "Revendez une de vos maisons à la Banque pour la moitié de son prix (maisons seulement ; "
        "sans maison, il ne se passe rien).",
    ),
    "cc-elected-district-attorney": (
        "Élu procureur",
        "Gardez cette carte : envoyez directement en prison le joueur de votre choix.",
    ),
    "cc-special-online-pricing": (
        "Tarif spécial en ligne",
        "Gardez cette carte jusqu'à son usage : la prochaine fois que vous vous arrêtez sur le "
        "chemin de fer d'un autre joueur, payez seulement la moitié du loyer.",
    ),
    "cc-renovation-success": (
        "Rénovation réussie",
        f"Gardez cette carte jusqu'à son usage : touchez {M(50)} de loyer en plus du prochain "
        "joueur qui s'arrête sur une de vos propriétés.",
    ),
    "cc-entrepreneur-of-the-year": (
        "Entrepreneur de l'année !",
        f"Recevez {M(50)} de chaque joueur.",
    ),
    "cc-youre-getting-married": ("Vous vous mariez", f"Recevez {M(25)} de chaque joueur."),
    "cc-changing-lanes-below": (
        "Changement de piste (vers l'extérieur)",
        "Allez directement sur la case de la piste juste EN DESSOUS (vers l'extérieur) ; sur la "
        "piste extérieure, il ne se passe rien.",
    ),
    "cc-changing-lanes-above": (
        "Changement de piste (vers l'intérieur)",
        "Allez directement sur la case de la piste juste AU-DESSUS (vers l'intérieur) ; sur la "
        "piste intérieure, il ne se passe rien.",
    ),
    "cc-deal-buster": (
        "Casseur d'affaires",
        "Gardez cette carte : quand un autre joueur va acheter une propriété, achetez-la "
        "vous-même à la Banque à sa place.",
    ),
    "cc-always-tip-your-driver": (
        "Donnez toujours un pourboire au chauffeur",
        f"Payez {M(50)} à chaque autre joueur qui possède une compagnie de taxi.",
    ),
    "cc-hostile-takeover": (
        "OPA HOSTILE",
        "Gardez cette carte et jouez-la à votre tour : volez un titre de propriété au joueur de "
        "votre choix (hors monopole).",
    ),
    "cc-bargain-business": (
        "AFFAIRE EN OR !",
        "Gardez cette carte et jouez-la à votre tour : quand vous vous arrêtez sur une propriété "
        f"libre qui vous plaît, achetez-la pour seulement {M(100)}.",
    ),
    "cc-reverse-rent": (
        "LOYER INVERSÉ !",
        "Gardez cette carte et jouez-la à votre tour : touchez (au lieu de payer) le loyer dû "
        "quand vous vous arrêtez sur la propriété d'un autre joueur.",
    ),
    "cc-discount-travel": (
        "Voyage à prix réduit",
        "Avancez jusqu'à la propriété de transport LIBRE la plus proche (chemin de fer ou "
        "compagnie de taxi) et achetez-la à moitié prix (ou mettez-la aux enchères).",
    ),
    "cc-vehicle-impounded": (
        "VÉHICULE À LA FOURRIÈRE !",
        f"Payez {M(50)} au Pool, allez directement en Simple visite et passez 1 tour.",
    ),
    "cc-the-rent-is-too-darn-high": (
        "Le loyer est bien trop cher !",
        f"Gardez cette carte et jouez-la à votre tour : ne payez que {M(50)} de loyer sur une "
        "propriété qui a un propriétaire.",
    ),
    "cc-be-kind-rewind": (
        "Soyez sympa, rembobinez",
        "Relancez les dés et RECULEZ d'autant de cases ; payez le double du loyer si vous vous "
        "arrêtez sur une case qui a un propriétaire.",
    ),
    "cc-assessed-for-street-repairs": (
        "Vous êtes imposé pour les réparations de voirie",
        f"Payez au Pool {M(25)} par station de taxi et dépôt ferroviaire, {M(40)} par maison, "
        f"{M(115)} par hôtel et {M(100)} par gratte-ciel.",
    ),
    "cc-advance-to-this-tracks-pay-corner": (
        "Avancez jusqu'au coin payant de cette piste",
        f"Avancez jusqu'au coin payant de votre piste et touchez son revenu : {_PAY_CORNERS}.",
    ),
    "cc-bank-error-in-your-favor": (
        "Erreur de la banque en votre faveur !",
        f"Recevez {M(200)} de la Banque.",
    ),
    "cc-get-out-of-jail-free": (
        "Vous êtes libéré de prison !",
        "Gardez cette carte jusqu'à ce que vous en ayez besoin ; jouez-la à votre tour pour "
        "sortir de prison.",
    ),
    "cc-go-to-jail": (
        "Allez en prison !",
        "Allez directement en prison ; ne passez par aucun coin payant, ne touchez rien.",
    ),
    "cc-income-tax-refund": (
        "Les impôts vous remboursent !",
        f"Recevez {M(20)} de la Banque.",
    ),
    "cc-life-insurance-matures": (
        "Votre assurance vie vous rapporte",
        f"Recevez {M(100)} de la Banque.",
    ),
    "cc-pay-hospital-bills": ("Payez l'hôpital", f"Payez {M(100)} au Pool."),
    "cc-receive-consultancy-fee": (
        "Recevez vos honoraires de conseil",
        f"Recevez {M(25)} de la Banque.",
    ),
    "cc-you-won-a-crossword-contest": (
        "Vous avez gagné le prix de mots croisés !",
        f"Recevez {M(100)} de la Banque.",
    ),
    "cc-you-win-2nd-place-in-a-board-game-remix-design-contest": (
        "2e prix d'un concours de création de jeux de société !",
        f"Recevez {M(10)} de la Banque.",
    ),
    "cc-advance-to-the-stock-exchange": (
        "Avancez jusqu'à la Bourse",
        f"Avancez jusqu'à la Bourse (Stock Exchange) ; si vous passez Pay Day, touchez {M(300)}.",
    ),
    "cc-utility-regulation": (
        "Régulation des services publics",
        "Les actionnaires de National Utilities paient au Pool une amende égale à leurs "
        "dividendes.",
    ),
    "cc-unions-on-strike": (
        "Les syndicats en grève",
        "Les actionnaires de United Railways, Acme Motors et Allied Steamships paient au Pool une "
        "amende égale à leurs dividendes.",
    ),
    "cc-scandal-in-hollywood": (
        "Scandale à Hollywood !",
        "Les actionnaires de Motion Pictures et General Radio paient au Pool une amende égale à "
        "leurs dividendes.",
    ),
    "cc-inherit-stock": (
        "Héritage d'actions",
        "Prenez gratuitement 1 action non achetée de la société de votre choix.",
    ),
    "cc-insider-trading": (
        "Délit d'initié",
        "Gardez cette carte : payez la moitié de la valeur nominale lors de votre prochain achat "
        "d'action (hors enchères).",
    ),
    "cc-lawyer-on-retainer": (
        "Avocat attitré",
        "Gardez cette carte : annulez une amende sur actions, « On se verra au tribunal » ou "
        "« Pris pour délit d'initié ».",
    ),
    "cc-tornado-hits": (
        "La tornade frappe !",
        f"Retirez 1 maison de chaque propriété d'UN de VOS PROPRES groupes de couleur ; {_STORM}.",
    ),
    "cc-finders-keepers": (
        "Qui trouve garde",
        "Prenez un bon de voyage au joueur de votre choix.",
    ),
    "cc-the-insiders-edge": (
        "L'avantage de l'initié",
        f"Piste intérieure : recevez {M(250)} de la Banque ; piste extérieure : payez {M(50)} au "
        "Pool ; piste médiane : rien.",
    ),
    "cc-kickstart-some-fun": (
        "Financez un peu de fun !",
        f"Recevez {M(200)} de la Banque.",
    ),
    "cc-business-trip": ("Voyage d'affaires", "Prenez un bon de voyage dans la pioche."),
    "cc-share-in-their-good-fortune": (
        "Partagez leur bonne fortune",
        "Gardez cette carte : prenez la moitié des gains Roll Three d'un joueur.",
    ),
    "cc-fluffy-takes-first": ("Fluffy gagne le premier prix !", f"Recevez {M(75)}."),
    "cc-losers-weepers": (
        "Qui perd pleure",
        "Remettez 1 de vos bons de voyage dans la pioche.",
    ),
    "cc-advance-to-bonus": (
        "Avancez jusqu'à Bonus",
        f"Allez sur Bonus et touchez {M(300)}.",
    ),
    "cc-tech-bubble-bursts": ("La bulle internet éclate", f"Payez {M(150)} au Pool."),
    "cc-ipo": (
        "Introduction en Bourse",
        f"Votre société entre en Bourse : recevez {M(500)} de la Banque.",
    ),
    "cc-shopping-spree": (
        "Folie des achats",
        f"Allez directement à Rodeo Drive et payez {M(150)} au Pool.",
    ),
}

WORDS: Mapping[str, str] = {
    key: typeset(text)
    for key, text in {
        **_WORDS,
        **{f"card.{card}": title for card, (title, _) in _CARDS.items()},
        **{f"card_effect.{card}": effect for card, (_, effect) in _CARDS.items()},
    }.items()
}

_LEVELS = (
    "aucun bâtiment",
    "1 maison",
    "2 maisons",
    "3 maisons",
    "4 maisons",
    "un hôtel",
    "un gratte-ciel",
)


def _holding(p: Params) -> str:
    extra = []
    if p.raw("level"):
        extra.append(f"avec {_LEVELS[p.raw('level')]}")
    if p.raw("improved"):
        extra.append("améliorée")
    if p.raw("mortgaged"):
        extra.append("hypothéquée")
    text = f"{p['property']} appartient à {p['owner']}" + (f", {', '.join(extra)}" if extra else "")
    return typeset(text + ".")


def _skip_turns(p: Params) -> str:
    n = p.raw("turns")
    if n == 1:
        return f"{p['player']} passe son prochain tour."
    return f"{p['player']} passe ses {n} prochains tours."


def _spaces(n: Any) -> str:
    return "case" if n in (1, "1") else "cases"


def _move(verb: str) -> Template:
    def words(p: Params) -> str:
        text = (
            f"{p['roll']} : {verb} de {p['count']} {_spaces(p.raw('count'))}, "
            f"{de(p['from'])} à {p['to']}"
        )
        if p.has("end"):
            when = f"si {p['last']} est achetée ou vendue aux enchères, " if p.has("last") else ""
            track = f" (piste {p.shown('end', 'track')})" if p["end"] == p["to"] else ""
            text += f" ; {when}vous vous arrêtez sur {p['end']}{track}"
        return typeset(text + ".")

    return words


def _auction(what: Callable[[Params], str]) -> Template:
    def words(p: Params) -> str:
        standing = f"{p['high']} par {p['leader']}" if p.has("leader") else "aucune offre"
        waiting = p.raw("waiting") or []
        may = "peut" if len(waiting) <= 1 else "peuvent"
        return typeset(
            f"Enchères pour {what(p)} : {standing}. "
            f"Chacun peut surenchérir ; {p['waiting']} {may} encore enchérir ou passer."
        )

    return words


def _undone(p: Params) -> str:
    who = p["player"] if p.has("player") else "la table"
    what = COMMAND_NOUNS.get(p.raw("type"), p["type"])
    return typeset(f"Annulé : commande n° {p['command']} ({what}, par {who}).")


def _respond(p: Params) -> str:
    # A decision stored without its action (before it was named) still reads.
    action = f" : {p['action']}" if p.has("action") else ""
    return typeset(
        f"{p['player']} : « {p['card']} » est joué contre vous{action}. Acceptez, ou refusez "
        "avec « Dites NON ! »."
    )


def _storm_hit(p: Params) -> str:
    # A note without its group (a log's storm on a lot of no colour group) still reads.
    lots = f"chaque propriété du groupe {p['group']}" if p.has("group") else "une propriété"
    return typeset(f"« {p['card']} » : un bâtiment de moins sur {lots} {de(p['owner'])}.")


MESSAGES: Mapping[str, Template] = {
    # Events worded from their fields
    "event.transfer": _fr("{from:start} paie {amount} {à to} ({reason})."),
    "event.transfers.each": _fr("{from} paient chacun {amount} {à to} ({reason})."),
    "event.holding": _holding,
    "event.holding.back": _fr("{property} revient à la Banque."),
    "event.holding.storm_depot": _fr(
        "« {card} » : {owner} perd son dépôt ferroviaire sur {property}."
    ),
    "event.holding.storm_cab_stand": _fr(
        "« {card} » : {owner} perd sa station de taxi sur {property}."
    ),
    "event.seat.jailed": _fr("{player} va en prison."),
    "event.seat.freed": _fr("{player} sort de prison."),
    "event.seat.jail_try": _fr("{player} reste en prison : pas de double (essai {tries} sur 3)."),
    "event.seat.bankrupt": _fr("{player} fait faillite et quitte la partie."),
    "event.seat.reverse": _fr("{player} recule au prochain déplacement (Reverse Direction)."),
    "event.seat.subway": _fr("{player} prend le métro au lieu du prochain lancer."),
    "event.seat.skip_turns": _skip_turns,
    "event.moved": _fr("{player} va sur {to}."),
    "event.drew": _fr("{player} pioche {title}."),
    "event.order_rolled": _fr("{player} fait {total} pour l'ordre de jeu."),
    "event.undone": _undone,
    "event.decision": _fr("Maintenant : {decision}"),
    "event.game_started": _fr("Nouvelle partie : {players}."),
    # Events
    "event.turn": _fr("Au tour {de player}."),
    "event.rolled": _fr("{player} a obtenu {dice}."),
    "event.order_set": _fr(
        "{player} a fait le plus haut score et commence ; l'ordre de jeu : {order}."
    ),
    "event.game_over.last_player": _fr(
        "{winner} gagne : tous les autres joueurs ont fait faillite."
    ),
    "event.game_over.time_up": _fr("Temps écoulé : {winner} est le plus riche et gagne."),
    "event.drew.card": _fr("{player} a pioché « {card} » : {card:effect}"),
    "event.drew.voucher": _fr("{player} pioche {card}."),
    "event.drew.roll_three": _fr("{player} pioche la carte Roll Three {card}."),
    "event.shares.gets": _fr("{player} reçoit une action {company}."),
    "event.shares.crash": _fr(
        "Krach boursier : la moitié de chaque paquet d'actions retourne à la Banque."
    ),
    # Moves
    "move.roll": _move("avancez"),
    "move.roll_back": _move("reculez"),
    "move.third_doubles": _fr(
        "{roll} : troisième double de ce tour, vous allez directement en prison sans avancer."
    ),
    "move.jail_stay": _fr(
        "{roll} : pas de double à l'essai {attempt} sur 3, vous restez en prison."
    ),
    "move.jail_doubles": _fr(
        "{roll} : le double vous libère de prison ; avancez de {count} (sans relancer) jusqu'à {to}."
    ),
    "move.jail_third": _fr(
        "{roll} : troisième essai manqué, payez {bail} de caution et avancez de {count} jusqu'à {to}."
    ),
    "move.triples_choose": _fr(
        "{roll} : triple ! Choisissez n'importe quelle case où aller ; vous ne relancez pas."
    ),
    "move.triples": _fr("{roll} : triple ! Avancez jusqu'à {to} ; vous ne relancez pas."),
    "move.bonus": _fr("{roll} : déplacement bonus {de from} à {to}."),
    "move.subway": _fr("Métro : allez directement à {to}."),
    "move.taxi": _fr("Course en taxi {de from} à {to}."),
    "move.card": _fr("« {card} » : {card:effect}"),
    "move.card_still": _fr("« {card} » : la carte ne vous déplace pas."),
    "move.voucher": _fr("{voucher} : allez jusqu'à {to}."),
    "move.direct": _fr("{player} va directement sur {to}."),
    "move.to_jail": _fr("{player} va directement en prison."),
    # Decisions
    "ask.deal": _fr(
        "{player} : piochez votre bon de voyage et votre carte Roll Three de départ, et dites-moi "
        "lesquels."
    ),
    "ask.order_roll": _fr(
        "{player} : lancez les deux dés blancs pour l'ordre de jeu (le plus haut commence)."
    ),
    "ask.subway": _fr(
        "{player} : prenez le métro vers n'importe quelle case de n'importe quelle piste."
    ),
    "ask.roll": _fr("{player} : lancez les dés."),
    "ask.roll.in_jail": _fr(
        "{player} est en prison : lancez les deux dés blancs pour faire un double, ou payez "
        "{bail} de caution."
    ),
    "ask.roll.in_jail_card": _fr(
        "{player} est en prison : lancez les deux dés blancs pour faire un double, payez {bail} "
        "de caution ou jouez une carte."
    ),
    "ask.choose.triples": _fr("{player} : triple ! Choisissez la case où avancer."),
    "ask.choose.bonus_subway": _fr(
        "{player} : votre déplacement bonus devient le trajet en métro : choisissez n'importe "
        "quelle case."
    ),
    "ask.bus": _fr("{player} : Bus ! Prenez un bon de voyage, ou allez jusqu'à {space}."),
    "ask.end_turn": _fr("{player} : jouez un bon de voyage, ou finissez votre tour."),
    "ask.raise_money": _fr(
        "{player} doit {amount} {à creditor} ({reason}) et il lui manque {short} : vendez des "
        "bâtiments, hypothéquez ou échangez, puis payez ; ou déclarez faillite."
    ),
    "ask.raise_money.sell": _fr(
        "{player} doit {amount} {à creditor} ({reason}) et il lui manque {short} : vendez des "
        "bâtiments, hypothéquez ou échangez, puis payez (ventes et hypothèques suffisent : pas "
        "de faillite)."
    ),
    "ask.dice.utility": _fr("{player} : lancez deux dés et payez {times} fois le total."),
    "ask.buy_or_auction": _fr(
        "{player} : achetez {space} pour {price}, sinon le banquier la met aux enchères."
    ),
    "ask.auction.property": _auction(lambda p: p["space"]),
    "ask.auction.share": _auction(lambda p: f"une action {p['company']}"),
    "ask.auction.building": _auction(lambda p: f"{p['pile']} (la Banque en manque)"),
    "ask.building_shortage": _fr(
        "{player} : il ne reste à la Banque que {left} de ce qui va sur {space} ({pile}). Si "
        "personne d'autre ne veut construire, achetez-le pour {price} ; sinon le banquier les "
        "met aux enchères l'un après l'autre."
    ),
    "ask.choose.place_building": _fr(
        "{player} : choisissez le terrain qui reçoit votre achat aux enchères : {pile}."
    ),
    "ask.taxi": _fr(
        "{player} : prenez un taxi (vers Parking gratuit, une autre compagnie de taxi ou une "
        "station de transit), ou continuez."
    ),
    "ask.draw.voucher": _fr("{player} : piochez un bon de voyage et dites-moi lequel."),
    "ask.draw.card": _fr("{player} : piochez une carte {deck} et dites-moi laquelle."),
    "ask.draw.roll_three": _fr("{player} : piochez une carte Roll Three et dites-moi ses numéros."),
    "ask.gift": _fr("{player} : Birthday Gift : prenez {amount} à la Banque ou un bon de voyage."),
    "ask.dice.squeeze_play": _fr("{player} : Squeeze Play ! Lancez les deux dés blancs."),
    "ask.dice.squeeze_play_speed": _fr(
        "{player} : Squeeze Play ! Lancez les deux dés blancs et le dé de vitesse."
    ),
    "ask.dice.roll_three": _fr("{player} : lancez trois dés blancs pour Roll Three."),
    "ask.stock": _fr(
        "{player} : achetez une action de la société de votre choix à sa valeur nominale, ou "
        "choisissez-en une que le banquier mettra aux enchères."
    ),
    "ask.choose.auction_any": _fr(
        "{player} : choisissez une propriété libre que le banquier mettra aux enchères."
    ),
    "ask.game_over": _fr("Partie terminée : {player} gagne."),
    "ask.card_option": _fr("{player} : « {card} » : {card:effect} Répondez option 1 ou 2."),
    "ask.choose.card": _fr("{player} : « {card} » : choisissez la case ({among})."),
    "ask.dice.card": _fr("{player} : « {card} » : lancez deux dés."),
    "ask.stock.free": _fr(
        "{player} : « {card} » : prenez une action invendue de la société de votre choix."
    ),
    "ask.target.voucher": _fr("{player} : « {card} » : à qui prenez-vous un bon de voyage ?"),
    "ask.choose.storm_own": _fr(
        "{player} : « {card} » : choisissez un de vos groupes avec des bâtiments (n'importe quelle "
        "propriété du groupe)."
    ),
    "ask.choose.storm_other": _fr(
        "{player} : « {card} » : choisissez le groupe bâti d'un autre joueur (n'importe quelle "
        "propriété du groupe)."
    ),
    "ask.choose.seize": _fr(
        "{player} : « {card} » : cédez une propriété non bâtie et non hypothéquée, ou un bâtiment."
    ),
    "ask.choose.condemn": _fr(
        "{player} : « {card} » : choisissez la propriété dont vous revendez une maison."
    ),
    "ask.respond": _respond,
    "action.pay": _fr("{player} paie {amount} {à to}"),
    "action.hand_over": _fr("{space} passe {à to}"),
    "action.swap": _fr("{player} échange {mine} contre {theirs}"),
    "action.jail": _fr("{player} va en prison"),
    "action.no_rent": _fr("{player} ne vous paie pas de loyer pour {space}"),
    "action.voucher": _fr("un bon de voyage {de player} passe {à to}"),
    "action.storm": _fr("chaque propriété de votre groupe {group} perd un bâtiment"),
    "action.storm_lot": _fr(
        "vous perdez votre dépôt ferroviaire ou votre station de taxi sur {space}"
    ),
    "action.buy_instead": _fr("{player} achète {space} pour {amount} à votre place"),
    "ask.rent": _fr(
        "{player} : payez {amount} de loyer {à owner} pour {space}, ou jouez « {card} »."
    ),
    "ask.dice.game_night": _fr(
        "{player} : Soirée jeux : choisissez un adversaire ; chacun lance deux dés (vous d'abord)."
    ),
    # Notes
    "note.order_tie": _fr("{players} sont à égalité avec {total} : ils relancent."),
    "note.loses_turn": _fr("{player} passe ce tour (Véhicule à la fourrière)."),
    "note.doubles_again": _fr("Double : {player} rejoue."),
    "note.bid": _fr("{player} offre {amount}."),
    "note.pass": _fr("{player} passe."),
    "note.auction_unsold.property": _fr("Aucune offre : {space} reste à la Banque."),
    "note.auction_unsold.share": _fr("Aucune offre : l'action {company} reste à la Banque."),
    "note.auction_won.property": _fr("{player} remporte {space} aux enchères pour {amount}."),
    "note.auction_won.share": _fr(
        "{player} remporte une action {company} aux enchères pour {amount}."
    ),
    "note.auction_unsold.building": _fr(
        "Aucune offre : la Banque garde {pile} et le reste de sa réserve."
    ),
    "note.auction_won.building": _fr("{player} remporte aux enchères {pile} pour {amount}."),
    "note.no_vouchers_left": _fr("Il ne reste aucun bon de voyage à piocher."),
    "note.squeeze_play": _fr(
        "Squeeze Play : {player} a fait {total} ; chacun des autres joueurs paie {amount}."
    ),
    "note.roll_three": _fr("Roll Three : {player} a obtenu {dice}."),
    "note.game_night_tie": _fr(
        "Soirée jeux : {player} et {rival} ont tous deux fait {total} ; personne ne gagne."
    ),
    "note.takes_property": _fr("{player} prend {space} {à owner}."),
    "note.card_nothing_to_pay": _fr(
        "« {card} » : {player} n'a ni chemin de fer ni action {company} : rien à payer."
    ),
    "note.lawyer": _fr("L'avocat attitré {de player} annule « {card} »."),
    "note.card_no_voucher_holder": _fr("« {card} » : aucun autre joueur n'a de bon de voyage."),
    "note.storm_none_own": _fr(
        "« {card} » : aucune de vos propriétés n'a de bâtiment ; il ne se passe rien."
    ),
    "note.storm_none_other": _fr(
        "« {card} » : aucune propriété des autres joueurs n'a de bâtiment ; il ne se passe rien."
    ),
    "note.storm_hit": _storm_hit,
    "note.says_no": _fr("{player} dit NON !"),
    "note.card_cannot_buy": _fr("{player} n'a plus le prix {de space} : la carte n'achète rien."),
    "note.comped_room": _fr("Chambre offerte : {player} ne paie pas de loyer sur {space}."),
    "note.bankrupt": _fr("{player} fait faillite ; ses biens vont {à to}."),
    "note.bankrupt_auctions": _fr(
        "La Banque met aux enchères, l'une après l'autre, les propriétés prises {à player}."
    ),
    # Transfer reasons
    "reason.starting_cash": _fr("argent de départ"),
    "reason.table_cash": _fr("argent sur la table"),
    "reason.table_pool": _fr("le Pool sur la table"),
    "reason.bail": _fr("caution de prison"),
    "reason.salary.passing": _fr("passage sur {space}"),
    "reason.salary.landing": _fr("arrêt sur {space}"),
    "reason.tax": _fr("{space}"),
    "reason.taxi_fare": _fr("course en taxi"),
    "reason.tax_refund": _fr("Tax Refund : la moitié du Pool"),
    "reason.buy": _fr("achat {de space}"),
    "reason.buy_with_card": _fr("achat {de space} (« {card} »)"),
    "reason.auction": _fr("enchères pour {space}"),
    "reason.auction_share": _fr("enchères pour une action {company}"),
    "reason.auction_building": _fr("enchères pour {pile}"),
    "reason.birthday_gift": _fr("Birthday Gift"),
    "reason.squeeze_play": _fr("Squeeze Play"),
    "reason.roll_three": _fr("Roll Three"),
    "reason.stock_exchange": _fr("Bourse"),
    "reason.dividend": _fr("{why} : dividende {company}"),
    "reason.buy_share": _fr("achat d'une action {company}"),
    "reason.rent": _fr("loyer {de space}"),
    "reason.card": _fr("{card}"),
    "reason.game_night": _fr("Soirée jeux"),
    "reason.excellent_accounting": _fr("Comptabilité excellente : tout le Pool"),
    "reason.house_condemned": _fr("Maison insalubre"),
    "reason.share_good_fortune": _fr("Partagez leur bonne fortune"),
    "reason.card_claim": _fr("« {card} » : {space}"),
    "reason.build": _fr("construction sur {space}"),
    "reason.sell_building": _fr("vente d'un bâtiment sur {space}"),
    "reason.sell_down": _fr("revente du groupe {group}"),
    "reason.mortgage": _fr("hypothèque {de space}"),
    "reason.mortgage_share": _fr("hypothèque d'une action {company}"),
    "reason.unmortgage": _fr("levée de l'hypothèque {de space}"),
    "reason.unmortgage_share": _fr("levée de l'hypothèque d'une action {company}"),
    "reason.trade": _fr("échange"),
    "reason.mortgage_interest": _fr("intérêts sur {space} hypothéquée"),
    "reason.bankruptcy": _fr("faillite {de player}"),
    "reason.buildings_sold_back": _fr("bâtiments {de space} revendus"),
}
