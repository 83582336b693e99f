/** Word lists the rule-based analysis uses. Lower case. */

export const ACTION_VERBS = new Set([
  'accelerated', 'accomplished', 'achieved', 'acquired', 'adapted', 'administered', 'advised', 'advocated', 'analysed', 'analyzed',
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
  'tested', 'trained', 'transformed', 'translated', 'tripled', 'troubleshot', 'unified', 'upgraded', 'validated', 'won', 'wrote',
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

/** Font families every ATS and PDF reader handles. Compared by prefix, case-insensitive. */
export const COMMON_FONTS = [
  'arial', 'helvetica', 'calibri', 'cambria', 'times', 'georgia', 'garamond', 'verdana', 'tahoma', 'trebuchet',
  'book antiqua', 'bookantiqua', 'palatino', 'century', 'gill sans', 'gillsans', 'lato', 'open sans', 'opensans',
  'roboto', 'source sans', 'sourcesans', 'noto', 'liberation', 'dejavu', 'segoe', 'courier', 'inter', 'montserrat',
  'raleway', 'pt sans', 'ptsans', 'pt serif', 'ptserif', 'carlito', 'caladea', 'aptos', 'lmroman', 'cmr', 'sfns', 'helveticaneue',
  'franklin', 'corbel', 'constantia', 'candara', 'lucida', 'ibm plex', 'ibmplex', 'merriweather', 'nunito', 'poppins',
];

/** Icon and symbol fonts whose glyphs come out as garbage in plain-text extraction. */
export const SYMBOL_FONTS = ['zapfdingbats', 'symbol', 'wingdings', 'webdings', 'fontawesome', 'font awesome', 'materialicons', 'material icons', 'ionicons'];
