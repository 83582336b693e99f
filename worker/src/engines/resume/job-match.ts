/**
 * Job description match: which skills and keywords a pasted job ad asks for, which of them the
 * resume has, which it lacks, and a match figure (the share of the ad's keywords found, known
 * skills counting double). Keywords are known skills named in the ad plus the ad's own terms that
 * it repeats; generic job-ad words ("team", "experience", "ability") are left out.
 */


/** Skills matched by name, with the other spellings resumes use. */
const SKILLS: Record<string, readonly string[]> = {
  python: [], java: [], javascript: ['js', 'ecmascript'], typescript: ['ts'], 'c++': ['cpp'], 'c#': ['csharp', '.net'], golang: [],
  rust: [], ruby: ['rails', 'ruby on rails'], php: [], kotlin: [], swift: [], scala: [], r: ['rstudio'], matlab: [], sql: ['mysql', 'postgresql', 'sqlite', 't-sql'],
  postgresql: ['postgres'], mysql: [], mongodb: ['mongo'], redis: [], kafka: [], spark: ['pyspark'], hadoop: [], airflow: [], dbt: [],
  react: ['reactjs', 'react.js'], angular: [], vue: ['vuejs', 'vue.js'], 'node.js': ['node', 'nodejs'], django: [], flask: [], spring: ['spring boot'],
  html: ['html5'], css: ['css3', 'scss', 'sass', 'tailwind'], graphql: [], 'rest api': ['restful', 'rest apis'],
  aws: ['amazon web services', 'ec2', 's3', 'lambda'], azure: [], gcp: ['google cloud'], docker: ['containers'], kubernetes: ['k8s', 'eks', 'gke', 'aks'],
  terraform: [], ansible: [], linux: ['unix'], git: ['github', 'gitlab'], 'ci/cd': ['jenkins', 'github actions', 'circleci', 'gitlab ci'],
  'machine learning': ['ml', 'deep learning'], tensorflow: [], pytorch: [], pandas: [], numpy: [], 'scikit-learn': ['sklearn'],
  statistics: ['statistical', 'regression', 'stats'], 'data analysis': ['data analytics', 'analysing data', 'analyzing data'],
  excel: ['spreadsheets', 'vba'], tableau: [], 'power bi': ['powerbi'], looker: [], figma: [], sketch: [], photoshop: [], illustrator: [],
  'project management': ['pmp', 'prince2'], agile: ['scrum', 'kanban'], jira: [], 'product management': [], seo: [], 'google analytics': [],
  salesforce: [], sap: [], 'customer service': ['customer support', 'client support'], sales: [], marketing: [], accounting: ['bookkeeping'],
  communication: ['communications', 'presenting', 'presentation'], leadership: ['led', 'lead', 'mentored', 'managed'], 'problem solving': ['problem-solving'],
  security: ['cybersecurity', 'infosec'], 'pcb design': ['pcb', 'kicad', 'altium', 'eagle'], networking: ['tcp/ip', 'dns', 'vpn'], embedded: ['firmware', 'microcontroller', 'mcu'],
  'unit testing': ['testing', 'tdd', 'pytest', 'jest'], microservices: ['microservice'], 'ux design': ['ux', 'user experience'], ui: ['user interface'],
};

const GENERIC = new Set(`a an and or the of to in for with on at by from as is are be been being will would can could should must may our we you your
they their this that these those it its who what which when where how all any each more most other some such than too very also not no
job role position candidate candidates team teams work working company business experience experienced years year ability able strong excellent
good great skills skill knowledge understanding required requirements preferred plus bonus including include includes etc using use used
responsibilities responsible duties opportunity join looking ideal new well within across help support ensure day environment based level
degree bachelor master equivalent field related relevant minimum least per full time part hybrid remote office salary benefits apply applicants
about like make making build building develop developing deliver delivering provide providing manage managing own owning drive driving
must-have nice-to-have e.g i.e us them he she his her we're you'll you're it's`.split(/\s+/));

export interface JobMatch {
  /** 0–100. */
  score: number;
  found: string[];
  missing: string[];
}

const norm = (text: string) => ` ${text.toLowerCase().replace(/[^\p{L}\p{N}+#./ -]+/gu, ' ').replace(/\s+/g, ' ')} `;
const has = (haystack: string, term: string) => new RegExp(`(?<![\\p{L}\\p{N}])${term.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?![\\p{L}\\p{N}+#])`, 'u').test(haystack);

export function matchJob(resumeText: string, jobDescription: string): JobMatch {
  const ad = norm(jobDescription);
  const resume = norm(resumeText);
  const skills = Object.keys(SKILLS).filter((skill) => [skill, ...SKILLS[skill]].some((form) => has(ad, form)));
  const covered = new Set(skills.flatMap((s) => [s, ...SKILLS[s]]).flatMap((f) => f.split(/[\s/.-]+/)));
  // The ad's own terms: words of four or more letters it uses at least twice.
  const counts = new Map<string, number>();
  for (const word of ad.match(/\p{L}[\p{L}-]{3,}/gu) ?? []) if (!GENERIC.has(word) && !covered.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
  const terms = [...counts].filter(([, n]) => n >= 2).sort((a, b) => b[1] - a[1]).slice(0, 15).map(([w]) => w);
  const found: string[] = [], missing: string[] = [];
  let earned = 0, total = 0;
  for (const skill of skills) {
    total += 2;
    if ([skill, ...SKILLS[skill]].some((form) => has(resume, form))) { found.push(skill); earned += 2; } else missing.push(skill);
  }
  for (const term of terms) {
    total += 1;
    // "analysis" in the ad matches "analyses"/"analysed" in the resume: compare on a short stem.
    const stem = term.length > 6 ? term.slice(0, term.length - 2) : term;
    if (resume.includes(` ${stem}`)) { found.push(term); earned += 1; } else missing.push(term);
  }
  return { score: total ? Math.round((100 * earned) / total) : 0, found, missing };
}

/** The review's "Job Description Match" section. */
export function renderJobMatch(match: JobMatch): string[] {
  if (match.found.length + match.missing.length === 0) {
    return ['## Job Description Match', '', '- No skills or repeated keywords could be picked out of the job description, so no match figure was computed.', ''];
  }
  return [
    '## Job Description Match', '',
    `**Match: ${match.score}%** — ${match.found.length} of ${match.found.length + match.missing.length} keywords from the job description appear in your resume.`, '',
    `- **In your resume:** ${match.found.length ? match.found.join(', ') : 'none'}.`,
    `- **Missing:** ${match.missing.length ? match.missing.join(', ') : 'none'}.`,
    ...(match.missing.length ? ['- For each missing keyword you genuinely have, name it where you used it (a bullet or your Skills section), in the ad’s own wording: ATS match words literally.'] : []),
    '',
  ];
}
