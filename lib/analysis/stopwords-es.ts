/**
 * Spanish stop words for story fingerprints (SPEC DER-2), accent-folded and lower case:
 * the Snowball Spanish list (articles, prepositions, pronouns, common forms of ser, estar,
 * haber and tener) plus a few words that frame headlines without naming the news
 * ("última hora", "en directo", "las claves", "vídeo"). Words carry no weight for "which
 * story is this", so two headlines about different news never match on them.
 */
const SNOWBALL = `
de la que el en y a los del se las por un para con no una su al lo como mas pero sus le ya o
este si porque esta entre cuando muy sin sobre tambien me hasta hay donde quien desde todo nos
durante todos uno les ni contra otros ese eso ante ellos e esto mi antes algunos que unos yo
otro otras otra el tanto esa estos mucho quienes nada muchos cual poco ella estar estas algunas
algo nosotros mis tu te ti tus ellas nosotras vosotros vosotras os mio mia mios mias tuyo tuya
tuyos tuyas suyo suya suyos suyas nuestro nuestra nuestros nuestras vuestro vuestra vuestros
vuestras esos esas estoy estas esta estamos estais estan este estes estemos esteis esten
estare estaras estara estaremos estareis estaran estaria estarias estariamos estariais
estarian estaba estabas estabamos estabais estaban estuve estuviste estuvo estuvimos
estuvisteis estuvieron he has ha hemos habeis han haya hayas hayamos hayais hayan habre
habras habra habremos habreis habran habria habrias habriamos habriais habrian habia habias
habiamos habiais habian hube hubiste hubo hubimos hubisteis hubieron soy eres es somos sois
son sea seas seamos seais sean sere seras sera seremos sereis seran seria serias seriamos
seriais serian era eras eramos erais eran fui fuiste fue fuimos fuisteis fueron tengo tienes
tiene tenemos teneis tienen tenga tengas tengamos tengais tengan tendre tendras tendra
tendremos tendreis tendran tendria tendrias tendriamos tendriais tendrian tenia tenias
teniamos teniais tenian tuve tuviste tuvo tuvimos tuvisteis tuvieron ser sido siendo tras
segun hacia cada asi aun solo ademas aunque mientras luego entonces bien otra vez hoy ayer
`;

/** Headline framing that says nothing about which news it is. */
const HEADLINE_FRAMING = `
ultima hora directo claves clave video videos fotos foto galeria exclusiva urgente
asi por que porque como cuando donde quien
`;

/** The stop-word set (accent-folded, lower case). */
export const SPANISH_STOP_WORDS: ReadonlySet<string> = new Set(`${SNOWBALL} ${HEADLINE_FRAMING}`.split(/\s+/).filter(Boolean));
