/**
 * German stop words for story fingerprints (SPEC DER-2), folded like the tokens (lower case,
 * umlauts without their dots, ß as ss): the Snowball German list plus a few words that frame
 * a teaser without naming the news ("Liveblog", "Video", "Newsblog").
 */
const SNOWBALL = `
aber alle allem allen aller alles als also am an ander andere anderem anderen anderer anderes
anderm andern anderr anders auch auf aus bei bin bis bist da damit dann der den des dem die das
dass dasselbe dazu dein deine deinem deinen deiner deines denn derer derselbe derselben desselben
demselben dieselbe dieselben dich dir du dies diese diesem diesen dieser dieses doch dort durch ein
eine einem einen einer eines einig einige einigem einigen einiger einiges einmal er ihn ihm es etwas
euer eure eurem euren eurer eures fur gegen gewesen hab habe haben hat hatte hatten hier hin hinter
ich mich mir ihr ihre ihrem ihren ihrer ihres euch im in indem ins ist jede jedem jeden jeder jedes
jene jenem jenen jener jenes jetzt kann kein keine keinem keinen keiner keines konnen konnte machen
man manche manchem manchen mancher manches mein meine meinem meinen meiner meines mit muss musste
nach nicht nichts noch nun nur ob oder ohne sehr sein seine seinem seinen seiner seines selbst sich
sie ihnen sind so solche solchem solchen solcher solches soll sollte sondern sonst uber um und uns
unsere unserem unseren unser unseres unter viel vom von vor wahrend war waren warst was weg weil
weiter welche welchem welchen welcher welches wenn werde werden wie wieder will wir wird wirst wo
wollen wollte wurde wurden zu zum zur zwar zwischen
`;

/** Teaser framing that says nothing about which news it is. */
const TEASER_FRAMING = `
liveblog newsblog live ticker liveticker newsticker video videos foto fotos bildergalerie mehr weiterlesen
plus exklusiv eilmeldung update kommentar analyse interview podcast uhr heute gestern
`;

/** The stop-word set (folded, lower case). */
export const GERMAN_STOP_WORDS: ReadonlySet<string> = new Set(`${SNOWBALL} ${TEASER_FRAMING}`.split(/\s+/).filter(Boolean));
