/** Word lists the rule-based analysis uses. Lower case. */

export const ACTION_VERBS = new Set([
  'accelerated', 'accomplished', 'added', 'applied', 'loaded', 'provisioned', 'engaged', 'multitasked', 'hosted', 'supported', 'owned', 'achieved', 'acquired', 'adapted', 'administered', 'advised', 'advocated', 'analysed', 'analyzed',
  'architected', 'arranged', 'assembled', 'assessed', 'audited', 'authored', 'automated', 'balanced', 'boosted', 'briefed',
  'budgeted', 'built', 'calculated', 'campaigned', 'captured', 'catalogued', 'championed', 'chaired', 'clarified', 'coached',
  'collaborated', 'compiled', 'completed', 'composed', 'computed', 'conceived', 'conducted', 'configured', 'consolidated', 'constructed',
  'consulted', 'contracted', 'contributed', 'converted', 'coordinated', 'created', 'cultivated', 'cut', 'debugged', 'decreased',
  'defined', 'delivered', 'deployed', 'designed', 'developed', 'devised', 'diagnosed', 'digitised', 'digitized', 'directed',
  'discovered', 'doubled', 'drafted', 'drove', 'edited', 'eliminated', 'enabled', 'encouraged', 'engineered', 'enhanced',
  'established', 'evaluated', 'executed', 'expanded', 'expedited', 'facilitated', 'forecasted', 'formulated', 'founded', 'generated',
  'grew', 'guided', 'halved', 'headed', 'identified', 'implemented', 'improved', 'increased', 'influenced', 'initiated',
  'innovated', 'inspected', 'installed', 'instituted', 'instructed', 'integrated', 'interviewed', 'introduced', 'invented', 'launched',
  'led', 'leveraged', 'lowered', 'maintained', 'managed', 'mapped', 'marketed', 'maximised', 'maximized', 'measured',
  'mediated', 'mentored', 'merged', 'migrated', 'minimised', 'minimized', 'modelled', 'modeled', 'modernised', 'modernized',
  'monitored', 'motivated', 'negotiated', 'onboarded', 'operated', 'optimised', 'optimized', 'orchestrated', 'organised', 'organized',
  'oversaw', 'overhauled', 'partnered', 'performed', 'piloted', 'pioneered', 'planned', 'presented', 'prioritised', 'prioritized',
  'produced', 'programmed', 'promoted', 'proposed', 'prototyped', 'published', 'raised', 'ran', 'rebuilt', 'recruited',
  'redesigned', 'reduced', 'refactored', 'refined', 'reorganised', 'reorganized', 'replaced', 'researched', 'resolved', 'restructured',
  'revamped', 'reviewed', 'revised', 'saved', 'scaled', 'scheduled', 'secured', 'shipped', 'simplified', 'solved',
  'spearheaded', 'standardised', 'standardized', 'steered', 'streamlined', 'strengthened', 'structured', 'supervised', 'surpassed', 'taught',
  'tested', 'tracked', 'trained', 'transformed', 'translated', 'tripled', 'troubleshot', 'unified', 'upgraded', 'validated', 'won', 'wrote',
]);

/** Openings that describe duties instead of results. */
export const WEAK_OPENINGS = [
  'responsible for', 'duties included', 'duties include', 'worked on', 'helped', 'assisted', 'tasked with', 'in charge of',
  'involved in', 'participated in', 'handled', 'was', 'did', 'worked with', 'various',
];

export const CLICHES = [
  'team player', 'hard worker', 'hard-working', 'hardworking', 'detail-oriented', 'detail oriented', 'results-driven',
  'results driven', 'go-getter', 'think outside the box', 'thinking outside the box', 'self-starter', 'self starter',
  'synergy', 'go-to person', 'proven track record', 'excellent communication skills', 'strong work ethic',
  'works well under pressure', 'work well under pressure', 'dynamic individual', 'highly motivated', 'passionate about',
  'best of breed', 'references available upon request', 'fast learner', 'quick learner', 'people person',
];

/**
 * Icon fonts: their glyphs (phone, envelope, LinkedIn logo) extract as stray letters. A minor
 * remark. Compared by prefix, case-insensitive, ignoring spaces, dashes and underscores.
 */
export const ICON_FONTS = ['fontawesome', 'font awesome', 'fa-solid', 'fa-brands', 'fa-regular', 'materialicons', 'material icons', 'materialsymbols', 'ionicons', 'academicons', 'icomoon', 'wingdings', 'webdings', 'zapfdingbats', 'dingbats', 'octicons', 'bootstrap-icons', 'remixicon'];

/** A font of one of these families (ICON_FONTS, BULLET_FONTS): by name, ignoring case, spaces, dashes and underscores. */
export const fontMatches = (font: string, list: readonly string[]) => list.some((s) => font.toLowerCase().replace(/[\s_-]/g, '').startsWith(s.replace(/[\s_-]/g, '')));

/**
 * Fonts word processors and TeX use to draw bullets and small symbols (Word's round bullet is
 * SymbolMT, LibreOffice's arrows OpenSymbol, TeX's bullet CMSY or LMMathSymbols): never a problem.
 */
export const BULLET_FONTS = ['symbol', 'opensymbol', 'cmsy', 'cmmi', 'lmmathsymbols', 'lmmathitalic', 'msam', 'msbm', 'stix', 'cambriamath'];

/**
 * Decorative display faces (script, handwriting, brush, blackletter, novelty): slow to read as
 * text and easily misread by OCR. Compared inside the font name, lower case, without spaces,
 * dashes and underscores. Plain text faces (Arial, Calibri, Garamond, Computer Modern, Roboto,
 * Glacial Indifference, the Symbol bullet fonts) never match.
 */
export const DISPLAY_FONT_WORDS = [
  'script', 'handwriting', 'calligraph', 'chancery', 'cursive', 'brush', 'signature', 'marker', 'chalk', 'graffiti', 'stencil',
  'blackletter', 'fraktur', 'oldenglish', 'comicsans', 'comicneue', 'papyrus', 'jokerman', 'chiller', 'curlz', 'algerian',
  'showcard', 'ravie', 'magneto', 'vivaldi', 'edwardian', 'freestyle', 'mistral', 'kristenitc', 'bauhaus93', 'harrington',
  'playbill', 'impact', 'cooperblack', 'broadway', 'widelatin', 'blackadder', 'lobster', 'pacifico', 'greatvibes', 'allura',
  'sacramento', 'satisfy', 'parisienne', 'kaushan', 'caveat', 'amaticsc', 'indieflower', 'shadowsintolight', 'gloriahallelujah',
  'rocksalt', 'creepster', 'monoton', 'bungee', 'pressstart', 'abrilfatface', 'fredericka', 'yellowtail', 'homemadeapple',
  'italianno', 'tangerine', 'courgette', 'damion', 'zapfino', 'luminari', 'trattatello', 'chalkduster', 'herculanum',
  'noteworthy', 'texgyrechorus', 'zapfchancery',
];

/**
 * A school or a degree named in a line ("Lakeside University", "BSc Economics", "本科"): where a
 * header gives one under the name, education is there without a section of its own. A school's
 * word that names a street or a town ("College Station", "University Ave") is an address.
 */
export const SCHOOL_OR_DEGREE = new RegExp(String.raw`(?<!\p{L})(?:universit(?:y|ät|é|e|à|eit|at|ade|ad|ies)|universidad|college|hochschule|fachhochschule|hogeschool|politecnico|polytechnique|faculdade|facultad|institute of technology|b\.?\s?sc|m\.?\s?sc|ph\.?\s?d|mba|(?:bachelor|master)(?:'s)? (?:of|in|degree)|licenciatura|bacharelado|laurea)(?!\p{L})(?!\s+(?:ave(?:nue)?|st(?:reet)?|r(?:oa)?d|drive|dr|blvd|boulevard|park|station|heights|place|way|city|town)(?!\p{L}))|大学|学院|本科|硕士|博士|学士|研究生`, 'iu');

/**
 * The fields a resume template leaves in brackets for its user to fill in ("[Company Name]",
 * "[Ano de Início]", "[Nom de l'entreprise]"), in each language read; lower case, accents off. Not
 * "data" (a date in Portuguese and Italian): "[Data]" is a link's label in a list of papers.
 */
export const TEMPLATE_FIELD_WORDS = new Set([
  'company', 'employer', 'job', 'position', 'role', 'title', 'name', 'first', 'last', 'full', 'date', 'dates', 'start', 'end', 'city', 'state', 'country', 'location',
  'school', 'university', 'college', 'degree', 'major', 'phone', 'email', 'e-mail', 'address', 'website', 'link', 'url', 'month', 'year', 'institution',
  'organization', 'organisation', 'department', 'journal', 'conference', 'coauthor', 'co-author', 'author', 'description', 'here',
  'nome', 'sobrenome', 'empresa', 'cargo', 'ano', 'inicio', 'fim', 'conclusao', 'previsao', 'cidade', 'estado', 'pais', 'curso', 'escola', 'universidade', 'faculdade', 'instituicao', 'telefone', 'endereco', 'titulo', 'mes',
  'nombre', 'apellido', 'puesto', 'fecha', 'fin', 'ciudad', 'escuela', 'universidad', 'institucion', 'telefono', 'direccion', 'correo',
  'nom', 'prenom', 'entreprise', 'societe', 'poste', 'annee', 'debut', 'ville', 'ecole', 'universite', 'etablissement', 'diplome', 'adresse', 'titre', 'mois',
  'vorname', 'nachname', 'firma', 'unternehmen', 'jahr', 'datum', 'beginn', 'ende', 'stadt', 'ort', 'land', 'schule', 'universitat', 'hochschule', 'abschluss', 'telefon', 'titel', 'monat',
  'cognome', 'azienda', 'ruolo', 'anno', 'inizio', 'fine', 'citta', 'paese', 'scuola', 'universita', 'istituto', 'laurea', 'indirizzo', 'titolo', 'mese',
  'naam', 'achternaam', 'bedrijf', 'functie', 'jaar', 'eind', 'plaats', 'universiteit', 'opleiding', 'telefoonnummer', 'adres', 'maand',
]);

/** Words that tell a template's user to fill a bracketed field in ("[Your …]", "[Insert …]", "[Incluir aqui …]"). */
export const FILL_IN_WORDS = new Set([
  'your', 'insert', 'enter', 'add', 'write',
  'seu', 'sua', 'seus', 'suas', 'incluir', 'inclua', 'insira', 'inserir', 'adicione', 'adicionar', 'escreva', 'digite',
  'inserte', 'ingrese', 'agregue', 'anade', 'escriba',
  'votre', 'vos', 'inserez', 'ajoutez', 'indiquez', 'saisissez',
  'ihr', 'ihre', 'dein', 'deine', 'einfugen', 'eingeben',
  'tuo', 'tua', 'inserisci', 'aggiungi', 'scrivi',
  'jouw', 'uw', 'vul', 'voeg',
]);
