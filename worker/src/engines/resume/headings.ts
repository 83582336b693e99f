/**
 * Section heading names in English, German, French, Spanish, Portuguese, Italian, Dutch and
 * Chinese, the languages the review reads. Compared after `normaliseHeading`: lower case, accents
 * removed, "&", "|", "/" and "," (and each language's "and": 与, 及, 和, 、, ，, и, ve, dan, và,
 * 및, ・) as "and", punctuation and a trailing colon dropped. Each language's names are those the
 * usual CV templates and guides use (LinkedIn's export and the Europass CV in each language among
 * them). The usual names in Polish, Russian, Turkish, Indonesian, Vietnamese, Japanese and Korean
 * are known too, so that a resume in one of them has its sections found; the review does not
 * otherwise read those languages (`language.ts`), so it never calls a section missing there.
 */
import type { SectionKey } from './layout.js';

/** Sections that need no advice of their own (contact blocks, personal data, links). */
export type HeadingKey = SectionKey | 'other';

const NAMES: Record<SectionKey | 'contact' | 'personal' | 'links' | 'leadership', readonly string[]> = {
  summary: [
    // Polish, Russian, Turkish, Indonesian, Vietnamese, Japanese and Korean (see the note at the top).
    'podsumowanie', 'o mnie', 'profil zawodowy', 'cel zawodowy', 'о себе', 'обо мне', 'профиль', 'цель', 'профессиональный профиль', 'краткая информация', 'özet', 'hakkımda', 'kariyer hedefi', 'kişisel profil', 'ringkasan', 'tentang saya', 'profil singkat', 'tujuan karir', 'mục tiêu nghề nghiệp', 'mục tiêu', 'giới thiệu', 'giới thiệu bản thân', 'tóm tắt', 'về tôi', '自己紹介', '自己pr', '職務要約', '概要', 'プロフィール', '자기소개', '소개', '요약', '프로필',
    'professional objective', 'career profile', 'personal profile', 'summary of qualifications', 'introduction', 'overview', 'professional overview', 'kurzvorstellung', 'personliches profil', 'karriereziel', 'objectif professionnel', 'profil personnel', 'resume professionnel', 'resumen profesional', 'synthese', 'synthese professionnelle', 'perfil personal', 'acerca de mi', 'extracto', 'objetivo profesional', 'resumo profissional', 'perfil pessoal', 'objetivo profissional', 'apresentacao', 'obiettivo professionale', 'profilo personale', 'presentazione', 'riepilogo', 'doelstelling', 'professionele doelstelling', 'introductie',
    'summary', 'professional summary', 'career summary', 'executive summary', 'profile', 'professional profile', 'about me', 'about',
    'objective', 'career objective', 'personal statement', 'research interests', 'research areas', 'areas of interest', 'fields of interest', 'research statement',
    'profil', 'kurzprofil', 'zusammenfassung', 'uber mich', 'berufsziel',
    'a propos', 'a propos de moi', 'objectif', 'profil professionnel', 'sommaire',
    'perfil', 'resumen', 'sobre mi', 'perfil profesional', 'objetivo', 'resumo', 'sobre mim', 'perfil profissional',
    'profilo', 'sommario', 'chi sono', 'profilo professionale', 'obiettivo',
    'profiel', 'samenvatting', 'over mij', 'persoonlijk profiel', 'sobre',
    '个人简介', '自传', '自我评价', '个人评价', '自我介绍', '个人总结', '个人概述', '求职意向', '职业目标', '关于我',
  ],
  experience: [
    'doświadczenie', 'doświadczenie zawodowe', 'przebieg pracy', 'przebieg kariery', 'historia zatrudnienia', 'praktyki', 'staże', 'опыт', 'опыт работы', 'работа', 'профессиональный опыт', 'трудовая деятельность', 'места работы', 'стажировки', 'deneyim', 'deneyimler', 'iş deneyimi', 'iş deneyimleri', 'profesyonel deneyim', 'iş tecrübesi', 'stajlar', 'pengalaman', 'pengalaman kerja', 'pengalaman profesional', 'riwayat pekerjaan', 'pengalaman magang', 'kinh nghiệm', 'kinh nghiệm làm việc', 'quá trình làm việc', 'kinh nghiệm thực tập', '職歴', '職務経歴', '経歴', '職務経験', '業務経験', '実務経験', '경력', '경력사항', '경력 사항', '경험', '업무 경험', '직무 경험', '근무 경력',
    'professional history', 'work experiences', 'professional experiences', 'professional background', 'employment experience', 'relevant work experience', 'career', 'berufliche laufbahn', 'berufstatigkeit', 'berufliche tatigkeiten', 'berufliche erfahrung', 'berufliche stationen', 'historique professionnel', 'historique de l emploi', 'experience de travail', 'experiences de travail', 'carriere', 'emplois', 'experiencia de trabajo', 'historial laboral', 'historial profesional', 'experiencias profesionales', 'experiencias profissionais', 'experiencia de trabalho', 'trajetoria profissional', 'carreira', 'esperienza di lavoro', 'esperienze di lavoro', 'percorso professionale', 'carriera', 'arbeidsverleden', 'beroepservaring', 'werkgeschiedenis', 'relevante werkervaring',
    'experience', 'work', 'work experience', 'professional experience', 'relevant experience', 'additional experience', 'employment', 'research', 'teaching',
    'internships', 'internship', 'industry experience', 'experience and projects',
    'academic appointments', 'appointments', 'academic positions', 'positions', 'positions held', 'academic employment',
    'employment history', 'work history', 'career history', 'experience highlights', 'research experience', 'teaching experience',
    'berufserfahrung', 'beruflicher werdegang', 'werdegang', 'praxiserfahrung', 'berufspraxis', 'arbeitserfahrung', 'erfahrung', 'praktika', 'praktikum', 'berufspraktikum', 'berufspraktika', 'berufspraktische tage', 'schnuppertage', 'previous experience', 'prior experience', 'experiencias anteriores', 'experiencia anterior',
    'experiences', 'experience professionnelle', 'experiences professionnelles', 'parcours professionnel', 'stages',
    'experiencia', 'experiencia laboral', 'experiencia profesional', 'trayectoria profesional', 'puestos ocupados', 'puestos', 'postes occupes', 'postes', 'puestos desempenados', 'cargos ocupados',
    'experiencia profissional', 'historico profissional',
    'esperienza', 'esperienze', 'esperienza lavorativa', 'esperienze lavorative', 'esperienza professionale', 'esperienze professionali',
    'werkervaring', 'ervaring', 'professionele ervaring', 'loopbaan', 'stage',
    '工作经历', '工作经验', '实习经历', '实习经验', '职业经历', '工作履历', '任职经历', '科研经历', '研究经历', '实践经历', '社会实践', '校园经历', '工作',
  ],
  education: [
    'wykształcenie', 'edukacja', 'wykształcenie i szkolenia', 'образование', 'высшее образование', 'основное образование', 'eğitim', 'eğitim bilgileri', 'öğrenim', 'eğitim durumu', 'pendidikan', 'riwayat pendidikan', 'latar belakang pendidikan', 'pendidikan formal', 'học vấn', 'trình độ học vấn', 'giáo dục', 'quá trình học tập', '学歴', '학력', '학력사항', '학력 사항',
    'studies', 'academic studies', 'academic history', 'educational background', 'education background', 'academic record', 'schooling', 'academic details', 'academics', 'education history', 'educational history', 'formal education', 'bildung', 'bildungsgang', 'schulische ausbildung', 'schulischer werdegang', 'akademische ausbildung', 'hochschulbildung', 'studium und ausbildung', 'studien', 'parcours scolaire', 'scolarite', 'cursus scolaire', 'parcours universitaire', 'formation academique', 'formation initiale', 'diplomes et formations', 'educacion academica', 'estudios realizados', 'titulacion', 'escolaridad', 'trayectoria academica', 'escolaridade', 'estudos', 'educacao academica', 'historico academico', 'formacao escolar', 'studi', 'percorso di studi', 'percorso di studio', 'titoli di studio', 'titolo di studio', 'formazione accademica', 'percorso accademico', 'studie', 'educatie', 'scholing', 'schoolopleiding',
    'education', 'academic background', 'education and training', 'qualifications', 'academic qualifications', 'academic qualification',
    'educational qualification', 'educational qualifications',
    'ausbildung', 'bildungsweg', 'studium', 'schulbildung', 'schul und berufsbildung', 'akademischer werdegang', 'aus und weiterbildung',
    'formation', 'formations', 'diplomes', 'etudes', 'parcours academique', 'cursus',
    'educacion', 'formacion', 'formacion academica', 'estudios', 'educacao', 'formacao', 'formacao academica', 'dados academicos', 'educacion formal', 'formacion reglada', 'educacao formal',
    'istruzione', 'formazione', 'percorso formativo', 'istruzione e formazione',
    'opleiding', 'opleidingen', 'onderwijs',
    '教育背景', '教育经历', '学历', '教育', '学习经历', '学历背景',
  ],
  skills: [
    'umiejętności', 'umiejętności techniczne', 'umiejętności osobiste', 'umiejętności cyfrowe', 'umiejętności komputerowe', 'kompetencje', 'kompetencje cyfrowe', 'mocne strony', 'technologie', 'навыки', 'ключевые навыки', 'профессиональные навыки', 'технические навыки', 'умения', 'компетенции', 'технологии', 'стек технологий', 'yetenekler', 'beceriler', 'yetkinlikler', 'teknik beceriler', 'bilgisayar becerileri', 'teknik yetenekler', 'uzmanlık alanları', 'keahlian', 'keterampilan', 'kemampuan', 'kompetensi', 'keahlian teknis', 'kỹ năng', 'kĩ năng', 'các kỹ năng', 'kỹ năng chuyên môn', 'スキル', '技術スキル', 'テクニカルスキル', '保有スキル', '기술', '기술 스택', '기술스택', '보유 기술', '스킬', '역량', '핵심 역량',
    'top skills', 'key qualifications', 'top kenntnisse', 'fahigkeiten und kenntnisse', 'principales competences', 'competences cles', 'qualites', 'aptitudes principales', 'principales competencias', 'conocimientos tecnicos', 'principais competencias', 'competenze principali', 'belangrijkste vaardigheden', 'persoonlijke competenties',
    'skills', 'technical skills', 'key skills', 'core skills', 'core competencies', 'competencies', 'areas of expertise', 'expertise',
    'technologies', 'skills and tools', 'tools', 'computer skills', 'interpersonal skills', 'skills and interests', 'technical skills and interests',
    'strengths', 'key strengths', 'core strengths', 'skills and strengths', 'strengths and skills', 'proficiencies', 'technical proficiencies',
    'capabilities', 'abilities', 'tech', 'tech stack', 'technology stack', 'stack', 'toolbox', 'toolkit', 'skill set', 'skillset', 'know how', 'technical expertise',
    'starken', 'kernkompetenzen', 'points forts', 'atouts', 'fortalezas', 'pontos fortes', 'punti di forza', 'sterke punten', '个人优势',
    'skill', 'programming languages', 'programming skills', 'programmiersprachen', 'langages de programmation', 'programmierung', 'programmation', 'programacion', 'programacao', 'programmazione',
    'lenguajes de programacion', 'linguagens de programacao', 'linguaggi di programmazione', 'programmeertalen', 'programmeer talen',
    'tecnologias', 'tecnologie', 'technologien', 'technologieen', 'technologies et outils', 'it skills', 'digital skills',
    'knowledge', 'technical knowledge', 'it knowledge', 'other knowledge',
    'kenntnisse', 'fahigkeiten', 'fachkenntnisse', 'technische kenntnisse', 'edv kenntnisse', 'it kenntnisse', 'kompetenzen', 'qualifikationen',
    'competences', 'competences techniques', 'savoir faire', 'connaissances', 'outils',
    'habilidades', 'competencias', 'conocimientos', 'aptitudes', 'competencias tecnicas',
    'competencias', 'habilidades tecnicas', 'conhecimentos',
    'competenze', 'competenze tecniche', 'abilita', 'conoscenze',
    'vaardigheden', 'competenties', 'kennis', 'technische vaardigheden',
    '专业技能', '专长', '技能', '技能特长', '个人技能', '技术技能', '技术栈', '专业能力', '职业技能', '技能清单',
    // The Europass CV's own headings, in each language, and "computer skills" as each language says it.
    'personal skills', 'communication skills', 'organisational skills', 'organisational and managerial skills', 'job related skills', 'other skills', 'otras habilidades', 'otras competencias', 'outras habilidades', 'altre competenze', 'autres competences', 'weitere kenntnisse',
    'personliche fahigkeiten', 'kommunikative fahigkeiten', 'organisations und fuhrungskompetenzen', 'jobbezogene fahigkeiten', 'digitale kompetenz', 'digitale kompetenzen', 'computerkenntnisse',
    'competences personnelles', 'competences en communication', 'competences organisationnelles', 'competences liees a l emploi', 'competences numeriques', 'competences informatiques',
    'competencias personales', 'competencias comunicativas', 'competencias de organizacion', 'competencias relacionadas con el empleo', 'competencias digitales', 'conocimientos informaticos', 'informatica', 'informatique',
    'competencias pessoais', 'competencias de comunicacao', 'competencias de organizacao', 'competencias profissionais', 'competencia digital', 'competencias digitais', 'conhecimentos informaticos',
    'competenze personali', 'competenze comunicative', 'competenze organizzative e gestionali', 'competenze professionali', 'competenze digitali', 'competenze informatiche', 'conoscenze informatiche',
    'capacita e competenze personali', 'capacita e competenze informatiche', 'capacita e competenze tecniche', 'capacita e competenze relazionali', 'capacita e competenze organizzative',
    'persoonlijke vaardigheden', 'communicatievaardigheden', 'organisatorische vaardigheden', 'beroepsgerelateerde vaardigheden', 'digitale vaardigheden', 'computervaardigheden',
  ],
  projects: [
    'projekty', 'projekty osobiste', 'проекты', 'личные проекты', 'projeler', 'proyek', 'projek', 'dự án', 'các dự án', 'dự án cá nhân', 'プロジェクト', '프로젝트', '개인 프로젝트',
    'projetos pessoais', 'proyectos personales', 'progetti personali', 'persoonlijke projecten', 'realisations', 'projets et realisations', 'projetos academicos', 'proyectos academicos', 'private projekte', 'eigene projekte',
    'projects', 'personal projects', 'selected projects', 'key projects', 'side projects', 'academic projects',
    'open source', 'open source contributions', 'open source projects', 'open source software', 'selected open source contributions', 'portfolio', 'portfolios',
    'projekte', 'projets', 'projets personnels', 'proyectos', 'projetos', 'progetti', 'projecten', 'projeto', 'projeto relevante', 'projetos relevantes', 'projektubersicht', 'project overview', 'projects overview',
    '项目经历', '项目经验', '项目', '作品集', '作品', '个人项目', '科研项目', '开源项目', '项目作品',
  ],
  certifications: [
    'certyfikaty', 'kursy', 'szkolenia', 'kursy i szkolenia', 'kursy i certyfikaty', 'сертификаты', 'курсы', 'повышение квалификации', 'дополнительное образование', 'sertifikalar', 'kurslar', 'sertifikat', 'sertifikasi', 'pelatihan', 'kursus', 'chứng chỉ', 'khóa học', '資格', '保有資格', '免許・資格', '資格・免許', '자격증', '자격',
    'certificados', 'cursos y certificaciones', 'cursos complementares', 'formation continue', 'attestati', 'certificeringen',
    'certifications', 'certification', 'certificates', 'licenses', 'licences', 'licenses and certifications', 'certifications and licenses',
    'courses', 'training', 'professional exams', 'relevant courses', 'relevant courses taken', 'coursework', 'relevant coursework', 'graduate coursework', 'selected coursework', 'continuous learning', 'continuing education', 'lifelong learning', 'professional development',
    'zertifikate', 'zertifizierungen', 'weiterbildung', 'fortbildungen', 'kurse',
    'certificats', 'formations complementaires', 'certificaciones', 'cursos', 'formacion complementaria', 'formacion especifica', 'formacao complementar', 'certificacoes', 'certificazioni', 'corsi', 'certificaten', 'cursussen',
    '证书', '资格证书', '证书资质', '技能证书', '认证', '培训经历',
  ],
  awards: [
    'nagrody', 'osiągnięcia', 'wyróżnienia', 'stypendia', 'награды', 'достижения', 'ödüller', 'başarılar', 'burslar', 'penghargaan', 'prestasi', 'pencapaian', 'beasiswa', 'giải thưởng', 'thành tích', 'danh hiệu', '受賞歴', '受賞', '수상', '수상 경력', '수상경력', '수상 내역',
    'scholastic achievements', 'academic achievements', 'academic honors', 'honors and achievements', 'reconocimientos', 'premios y reconocimientos', 'distincoes', 'premiacoes', 'conquistas', 'premi e riconoscimenti', 'onorificenze', 'onderscheidingen', 'recompenses', 'bourses', 'reconnaissances', 'bourses et distinctions', 'becas', 'becas y premios', 'bolsas', 'borse di studio', 'stipendien',
    'awards', 'honors', 'honours', 'awards and honors', 'honors and awards', 'achievements',
    'grants', 'grants and awards', 'awards and grants', 'fellowships', 'honors and fellowships', 'scholarships', 'funding',
    'auszeichnungen', 'preise', 'erfolge', 'distinctions', 'prix', 'premios', 'logros', 'premios e reconhecimentos', 'premi', 'riconoscimenti', 'prijzen',
    '获奖', '获奖情况', '获奖经历', '荣誉奖项', '荣誉', '奖项', '所获荣誉', '获奖荣誉', '荣誉证书', '奖学金',
  ],
  languages: [
    'języki', 'języki obce', 'znajomość języków', 'znajomość języków obcych', 'языки', 'знание языков', 'иностранные языки', 'владение языками', 'diller', 'yabancı diller', 'yabancı dil', 'bahasa', 'kemampuan bahasa', 'ngoại ngữ', 'ngôn ngữ', '語学', '語学力', '어학', '외국어', '언어',
    'fremdsprachen', 'sprachkompetenzen', 'conocimientos de idiomas', 'conocimiento de idiomas', 'conhecimentos linguisticos', 'lingue straniere', 'conoscenza lingue',
    'languages', 'language', 'language skills', 'sprachkenntnisse', 'sprachen', 'sprache', 'langues', 'idiomas', 'lenguas', 'linguas', 'lingue', 'conoscenze linguistiche', 'talen', 'talenkennis',
    '语言能力', '语言', '外语能力', '语言技能',
    'mother tongue', 'mother tongues', 'other languages', 'muttersprache', 'weitere sprachen', 'langue maternelle', 'langues maternelles', 'autres langues',
    'lengua materna', 'otros idiomas', 'lingua materna', 'outras linguas', 'lingua madre', 'altre lingue', 'competenze linguistiche', 'competences linguistiques',
    'competencias linguisticas', 'moedertaal', 'andere talen', 'taalvaardigheden',
  ],
  volunteering: [
    'wolontariat', 'działalność społeczna', 'волонтерство', 'общественная деятельность', 'gönüllülük', 'gönüllü çalışmalar', 'pengalaman organisasi', 'organisasi', 'relawan', 'hoạt động', 'hoạt động ngoại khóa', 'hoạt động tình nguyện', '대외활동', '봉사활동',
    'volunteering', 'volunteer experience', 'volunteer work', 'community involvement', 'community', 'civilian service',
    'activities', 'other activities', 'extracurricular activities', 'extracurriculars', 'extracurricular', 'community contributions', 'extra curricular activities', 'outreach', 'science outreach', 'community outreach',
    'sonstige aktivitaten', 'weitere aktivitaten', 'autres activites', 'otras actividades', 'outras atividades', 'altre attivita', 'andere activiteiten', 'overige activiteiten', 'aktivitaten', 'activites', 'actividades', 'actividades extracurriculares', 'atividades', 'atividades extracurriculares', 'attivita', 'attivita extracurriculari', 'activiteiten', 'nevenactiviteiten', 'leadership and activities', 'leadership and involvement',
    'ehrenamt', 'ehrenamtliches engagement', 'zivildienst', 'engagement', 'benevolat', 'engagements', 'implication', 'implications', 'implication sociale', 'activites parascolaires', 'voluntariado', 'volontariato', 'vrijwilligerswerk',
    '志愿者经历', '志愿服务', '志愿经历', '社团活动', '课外活动',
  ],
  publications: ['publikacje', 'публикации', 'yayınlar', 'publikasi', 'công bố khoa học', '研究業績', '논문', 'publications', 'selected publications', 'papers', 'talks', 'publications and talks', 'conference papers',
    'presentations', 'invited talks', 'conference presentations', 'peer reviewed publications', 'journal articles', 'books', 'publikationen', 'veroffentlichungen', 'publicaciones', 'publicacoes', 'pubblicazioni', 'publicaties', 'conferencias', 'ponencias', 'comunicaciones', 'vortrage', 'palestras',
    '发表论文', '论文发表', '学术论文', '科研成果', '论文'],
  interests: [
    'zainteresowania', 'pasje', 'интересы', 'хобби', 'увлечения', 'ilgi alanları', 'hobiler', 'minat', 'hobi', 'sở thích', '趣味', '관심사', '취미',
    'personal interests', 'other interests', 'centre d interet', 'centre d interets', 'centres d interets', 'pasatiempos', 'interesses pessoais', 'interessi personali', 'tempo libero', 'freizeitaktivitaten', 'personliche interessen',
    'interests', 'hobbies', 'hobbies and interests', 'interests and hobbies',
    'hobbys', 'hobbys und interessen', 'interessen', 'freizeit', 'centres d interet', 'loisirs', 'interets', 'passions',
    'intereses', 'aficiones', 'interesses', 'passatempos', 'interessi', 'hobby', 'interesses en hobbys',
    '兴趣爱好', '爱好', '个人爱好',
  ],
  references: ['referencje', 'рекомендации', 'referanslar', 'referensi', 'người tham chiếu', 'người giới thiệu', 'references', 'referees', 'referenzen', 'referencias', 'referenze', 'referenties', '推荐人'],
  contact: ['dane kontaktowe', 'контакты', 'контактная информация', 'iletişim', 'iletişim bilgileri', 'informasi kontak', 'kontak', 'liên hệ', 'thông tin liên hệ', '連絡先', '연락처', 'contact', 'contact details', 'contact information', 'kontakt', 'kontaktdaten', 'coordonnees', 'contacto', 'contato', 'contatti', 'contactgegevens', '联系方式', '联系信息', '联络方式', '连络方式', '联络资讯'],
  personal: [
    'dane osobowe', 'личная информация', 'личные данные', 'kişisel bilgiler', 'data diri', 'data pribadi', 'informasi pribadi', 'thông tin cá nhân', '個人情報', '基本情報', '인적사항', '개인정보',
    'personalia', 'persoonsgegevens', 'personliche angaben', 'informacoes pessoais', 'etat civil', 'donnees personnelles','personal details', 'personal data', 'personal information', 'persönliche daten', 'personliche daten', 'angaben zur person', 'informations personnelles', 'informacion personal', 'informacao pessoal', 'informazioni personali', 'persoonlijke informatie', 'datos personales', 'dados pessoais', 'dati personali', 'persoonlijke gegevens', 'declaration', '个人信息', '基本信息', '个人资料'],
  links: ['links', 'liens', 'enlaces', 'links and profiles', 'service', 'professional service', 'academic service', 'supervision', 'students supervised', 'memberships', 'professional memberships'],
  leadership: ['leadership', 'fuhrungsqualitaten', 'fuhrungserfahrung', 'leadership experience', 'positions of responsibility'],
};

/**
 * Chinese is written in two scripts: headings in traditional characters ("工作經歷", "學歷") are
 * compared in simplified ones, so one list of names serves both.
 */
const TRADITIONAL = '個簡評價紹總結職業標優勢關於經歷驗實習踐會園學專長術棧單項開證書資質獲認訓獎況榮譽語願務團動課發論興愛薦聯繫絡連傳數據類網設計與參歡練員離屬';
const SIMPLIFIED = '个简评价绍总结职业标优势关于经历验实习践会园学专长术栈单项开证书资质获认训奖况荣誉语愿务团动课发论兴爱荐联系络连传数据类网设计与参欢练员离属';
const toSimplified = (text: string) => text.replace(/\p{Script=Han}/gu, (c) => { const i = TRADITIONAL.indexOf(c); return i < 0 ? c : SIMPLIFIED[i]!; });

/** Simplified characters, accents off, case kept. */
const plainLetters = (text: string) => toSimplified(text).normalize('NFD').replace(/\p{M}/gu, '');
/** The same in lower case; Turkish dotless ı is i, as upper case drops the difference ("İLGİ ALANLARI", "ilgi alanları"). */
const folded = (text: string) => plainLetters(text).toLowerCase().replace(/ı/g, 'i');

export function normaliseHeading(text: string): string {
  return folded(text)
    .replace(/^\s*[&|/,]+/, ' ').replace(/[&|/,，与及和、・]/g, ' and ')
    .replace(/(?<![\p{L}\p{N}])(?:und|et|y|e|en|и|ve|dan|va|및)(?![\p{L}\p{N}])/gu, ' and ')
    // A comma before "and" ("Talks, Workshops, and Courses") joins once.
    .replace(/[^\p{L}\p{N} ]+/gu, ' ').replace(/\s+/g, ' ').trim().replace(/\band( and)+\b/g, 'and')
    // A joiner left dangling at the end where a heading wraps ("HOBBYS /" above "INTERESSEN") joins
    // nothing (a symbol at the start, often an icon read as "|", was dropped above). The word "and"
    // at the start stays: such a line continues a sentence.
    .replace(/ ?\band$/, '');
}

/**
 * A heading's letters alone, for one whose letters came apart: a lone "e", "y" or "en" there
 * ("EXP E RI E NCE", "HOBB Y") is a piece of a word, not the joiner `normaliseHeading` reads.
 */
const lettersOf = (text: string) => folded(text).replace(/[^\p{L}\p{N}]+/gu, '');

/** Leadership roles are dated entries like volunteering; contact, personal data and links need no advice. */
const KEY_OF: Partial<Record<keyof typeof NAMES, HeadingKey>> = { contact: 'other', personal: 'other', links: 'other', leadership: 'volunteering' };

const LOOKUP = new Map<string, HeadingKey>(
  Object.entries(NAMES).flatMap(([key, names]) => names.map((name) => [normaliseHeading(name), KEY_OF[key as keyof typeof NAMES] ?? key as SectionKey] as const)),
);
/** The same names with their spaces taken out, for headings whose letters came apart ("edu cation"). */
const JOINED = new Map<string, HeadingKey>([...LOOKUP].map(([name, key]) => [name.replace(/ /g, ''), key]));

const words = (key: HeadingKey, ...list: string[]) => list.map((word) => [normaliseHeading(word), key] as const);

/** Single words that make a short heading-styled line a heading ("SKILLS MATRIX", "Berufliche Praxis"). */
const WORDS = new Map<string, HeadingKey>([
  ['summary', 'summary'], ['profile', 'summary'], ['objective', 'summary'], ['experience', 'experience'],
  ['employment', 'experience'], ['education', 'education'], ['skills', 'skills'], ['projects', 'projects'],
  ['certifications', 'certifications'], ['certificates', 'certifications'], ['awards', 'awards'],
  ['languages', 'languages'], ['volunteering', 'volunteering'], ['publications', 'publications'], ['interests', 'interests'],
  ['berufserfahrung', 'experience'], ['kenntnisse', 'skills'], ['experiences', 'experience'], ['competences', 'skills'],
  ['experiencia', 'experience'], ['esperienza', 'experience'], ['werkervaring', 'experience'], ['projets', 'projects'],
  ['strengths', 'skills'], ['proficiencies', 'skills'], ['competencies', 'skills'],
  // The word "experience" in each language read, so that a heading naming a kind of experience is
  // read in each ("Praktische Erfahrung", "Relevante ervaring", "Esperienze professionali").
  ['erfahrung', 'experience'], ['erfahrungen', 'experience'], ['experiencias', 'experience'], ['esperienze', 'experience'], ['ervaring', 'experience'],
  // Every section's usual words in each language read, so that a heading naming a kind of any
  // section is read in each ("Proyectos destacados", "Selected Honors", "Freizeitliche Interessen",
  // "Habilidades Computacionales", "Certificações Adicionais", "Special Achievement", "Academic
  // Articles", "Referencias Personales"). As with the names,
  // no singulars but English ones (see `singular`). Not "resumen", "resumo" or "Zusammenfassung":
  // a summary of something ("Resumen de habilidades") is that something's section.
  ...words('summary', 'profil', 'perfil', 'profilo', 'profiel', 'objectif', 'objetivo', 'objetivos', 'obiettivo'),
  ...words('education', 'ausbildung', 'bildung', 'studium', 'formation', 'formations', 'etudes', 'educacion', 'formacion', 'estudios', 'educacao', 'formacao', 'istruzione', 'formazione', 'opleiding', 'opleidingen'),
  ...words('skills', 'kompetenzen', 'fahigkeiten', 'habilidades', 'competencias', 'conocimientos', 'conhecimentos', 'competenze', 'conoscenze', 'capacita', 'vaardigheden', 'competenties'),
  ...words('projects', 'projekte', 'proyectos', 'projetos', 'progetti', 'projecten'),
  ...words('certifications', 'courses', 'zertifikate', 'zertifizierungen', 'weiterbildung', 'weiterbildungen', 'kurse', 'certificats', 'certificaciones', 'cursos', 'certificacoes', 'certificazioni', 'corsi', 'certificaten', 'cursussen'),
  ...words('awards', 'honors', 'honours', 'achievements', 'prizes', 'auszeichnungen', 'preise', 'distinctions', 'prix', 'bourses', 'premios', 'reconocimientos', 'becas', 'premiacoes', 'premi', 'riconoscimenti', 'prijzen', 'onderscheidingen'),
  ...words('languages', 'sprachen', 'sprachkenntnisse', 'langues', 'idiomas', 'lenguas', 'linguas', 'lingue', 'talen'),
  ...words('volunteering', 'volunteer', 'voluntary', 'ehrenamt', 'ehrenamtlich', 'ehrenamtliche', 'ehrenamtliches', 'ehrenamtlicher', 'benevolat', 'voluntariado', 'volontariato', 'vrijwilligerswerk'),
  ...words('publications', 'papers', 'articles', 'manuscripts', 'publikationen', 'veroffentlichungen', 'publicaciones', 'publicacoes', 'pubblicazioni', 'publicaties'),
  // An academic CV's posts ("Professional Appointments", "Positions Held"), German posts held
  // ("Frühere Tätigkeiten"), and words that name one section in the singular as in the plural
  // ("Ausgewähltes Projekt", "Áreas de conocimiento", "Knowledge Base").
  ...words('experience', 'appointments', 'positions', 'tatigkeiten'),
  ...words('projects', 'projekt', 'proyecto', 'projeto', 'progetto', 'projet'),
  ...words('skills', 'knowledge', 'conocimiento', 'conhecimento'),
  ...words('interests', 'interessen', 'interets', 'intereses', 'interesses', 'interessi', 'hobbies', 'hobbys', 'loisirs', 'passions', 'aficiones', 'passatempos', 'passies'),
  ...words('references', 'references', 'referees', 'recommendations', 'referenzen', 'referencias', 'referenze', 'referenties'),
  // The same words in the languages whose headings alone are read.
  ...words('summary', 'podsumowanie', 'профиль', 'özet', 'ringkasan'),
  ...words('experience', 'doświadczenie', 'опыт', 'deneyim', 'deneyimi', 'deneyimleri', 'tecrübe', 'tecrübesi', 'pengalaman', '経歴', '경력', '경험'),
  ...words('education', 'wykształcenie', 'edukacja', 'образование', 'eğitim', 'pendidikan', '学歴', '학력'),
  ...words('skills', 'umiejętności', 'kompetencje', 'навыки', 'компетенции', 'yetenekler', 'beceriler', 'becerileri', 'yetkinlikler', 'keahlian', 'keterampilan', 'kemampuan', 'スキル', '역량'),
  ...words('projects', 'projekty', 'проекты', 'projeler', 'proyek', 'プロジェクト', '프로젝트'),
  ...words('certifications', 'certyfikaty', 'kursy', 'szkolenia', 'сертификаты', 'курсы', 'sertifikalar', 'kurslar', 'sertifikat', 'sertifikasi', 'pelatihan', '資格', '자격증'),
  ...words('awards', 'nagrody', 'osiągnięcia', 'wyróżnienia', 'награды', 'достижения', 'ödüller', 'başarılar', 'penghargaan', 'prestasi', '受賞歴', '수상'),
  ...words('languages', 'języki', 'języków', 'языки', 'языков', 'diller', '語学', '어학', '외국어'),
  ...words('volunteering', 'wolontariat', 'волонтерство', 'gönüllülük', '봉사활동'),
  ...words('publications', 'publikacje', 'публикации', 'yayınlar', 'publikasi'),
  ...words('interests', 'zainteresowania', 'интересы', 'хобби', 'увлечения', 'hobiler', 'minat', 'hobi', '趣味', '취미'),
  ...words('references', 'referencje', 'рекомендации', 'referanslar', 'referensi'),
]);

/**
 * Ligatures a font draws without saying which letters they stand for: the reader gets U+FFFD, or
 * the glyph's own code, a control character, in their place ("So\uFFFDware" for "Software",
 * "Certi\u001Ccations"). A heading holding one is looked up with each in turn.
 */
const LIGATURES = ['fi', 'fl', 'ff', 'ffi', 'ffl', 'ft', 'ti', 'tt', 'st', 'ct', 'fj'];
const UNMAPPED = /[\uFFFD\u0000-\u0008\u000B\u000C\u000E-\u001F]/g;
/** A lone letter of another script between Latin letters ("Täঞgkeiten"): a ligature the font maps to the wrong character. */
const FOREIGN_IN_LATIN = /(?<=\p{Script=Latin})[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}\s](?=\p{Script=Latin})/gu;
function throughLigatures(text: string, lookup: (text: string) => HeadingKey | null): HeadingKey | null {
  const marked = text.replace(FOREIGN_IN_LATIN, '\uFFFD');
  if (!marked.match(UNMAPPED)) return lookup(text);
  for (const ligature of LIGATURES) {
    const key = lookup(marked.replace(UNMAPPED, ligature));
    if (key) return key;
  }
  return null;
}

/** The section a heading names, from the vocabulary alone (exact name), or null. */
export function exactHeadingKey(text: string): HeadingKey | null {
  return throughLigatures(text, exactKey);
}

/** One or two characters and a space before a heading: an icon's stray character or the section's number ("3 Formações"). */
const ICON_OR_NUMBER = /^\s*\S{1,2}\s+(?=\S)/u;

/** A normalised name as written, in the English singular or in a Romance plural. */
const nameKey = (normal: string): HeadingKey | undefined =>
  LOOKUP.get(normal) ?? singular(normal) ?? (WORDS.has(normal) ? undefined : LOOKUP.get(romanceSingular(normal)));

function exactKey(text: string): HeadingKey | null {
  const normal = normaliseHeading(text);
  if (normal === '' || normal.split(' ').length > 6) return null;
  // An icon before the heading can come out as a stray character or two ("2 About Me" from OCR).
  // A heading drawn in two colours comes out in two pieces ("edu cation"), and tracked capitals can
  // lose their spaces ("EXPERIENCIALABORAL"): both are looked up with the spaces taken out.
  // "A and B" where each part is a name on its own is the first part's section.
  // The icon is taken off before the text is normalised: a stray "ë" must not turn into "and".
  const joined = joinedParts(normal).map((part) => LOOKUP.get(part));
  const lettersJoined = joinLoneLetters(normal);
  return nameKey(normal)
    ?? (ICON_OR_NUMBER.test(text) ? nameKey(normaliseHeading(text.replace(ICON_OR_NUMBER, ''))) : undefined)
    ?? (brokenWord(normal) || !normal.includes(' ') ? JOINED.get(normal.replace(/ /g, '')) ?? JOINED.get(lettersOf(text)) : undefined)
    ?? (joined.length && joined.every((key) => key !== undefined) ? joined[0] : undefined)
    ?? (lettersJoined !== normal ? exactKey(lettersJoined) : null);
}

/**
 * English section names in the singular ("Project", "Selected Publication", "Reference") are the
 * plural's section. English only: in the other languages a singular may be another word, and a
 * heading made known where a section the reader cannot see stands lets that section be called
 * missing.
 */
const ENGLISH_PLURALS = new Set(['projects', 'publications', 'awards', 'references', 'interests', 'certifications', 'certificates', 'achievements', 'honors', 'honours', 'courses', 'activities', 'languages', 'skills', 'hobbies', 'talks', 'papers', 'grants', 'fellowships', 'scholarships', 'competencies', 'strengths', 'internships']);
function singular(normal: string): HeadingKey | undefined {
  const plural = `${normal.replace(/y$/, 'ie')}s`;
  return ENGLISH_PLURALS.has(plural.split(' ').pop()!) ? LOOKUP.get(plural) : undefined;
}

/**
 * A name in the plural of Portuguese, Spanish, French or Italian in its singular, word by word
 * ("formacoes academicas", "experiencias laborales"): the names are kept as their writers most
 * often set them, in either number. A plural known as a heading word ("objetivos") is one only
 * when set as a heading, as its entry says.
 */
function romanceSingular(normal: string): string {
  return normal.split(' ').map((word) => word.length < 5 ? word
    : word.replace(/oes$/, 'ao').replace(/ais$/, 'al').replace(/eis$/, 'el').replace(/([^aeiou])es$/, '$1').replace(/([aeiou])s$/, '$1')).join(' ');
}

/** Letters of a short word set apart ("i t expertise", tracked capitals read letter by letter) joined back. */
const joinLoneLetters = (normal: string) => normal.replace(/(?<![\p{L}\p{N}])\p{L}(?: \p{L}(?![\p{L}\p{N}]))+/gu, (letters) => letters.replace(/ /g, ''));

/** The parts a normalised heading joins with "and" ("skills and interests"), or none. */
function joinedParts(normal: string): string[] {
  const parts = normal.split(' and ');
  return parts.length < 2 ? [] : parts;
}

const NAME_WORDS = new Set([...LOOKUP.keys()].flatMap((name) => name.split(' ')));
/** Some piece of the text is not a word of any heading name: the text may be a name broken apart. */
const brokenWord = (normal: string) => normal.includes(' ') && normal.split(' ').some((word) => !NAME_WORDS.has(word));

const partKey = (part: string) => LOOKUP.get(part) ?? singular(part) ?? headingWordKey(part);

/**
 * Every section a heading holds besides its own: each part it joins that is a section name on its
 * own ("Skills & Interests", "Work and volunteering", "Vaardigheden & Interesses"), and experience
 * when it names a kind of experience ("Leadership Experience", "Volunteer Experience").
 */
export function headingAlsoHolds(text: string): HeadingKey[] {
  const normal = normaliseHeading(text);
  const joined = [...joinedParts(normal).map(partKey), ...spacelessParts(text)].filter((key): key is HeadingKey => key !== null);
  const words = normal.split(' ');
  if (!words.some((word) => WORDS.get(word) === 'experience')) return joined;
  // The kind of experience, when it names a section of its own ("Project Experience").
  const kinds = words.map((word) => wordKey(word)).filter((key): key is HeadingKey => key !== null && key !== 'experience');
  return [...joined, ...kinds, 'experience'];
}

/**
 * The parts of a heading that name no section ("CV" in "School education and CV"): a section
 * may stand under such a part as under a heading of unknown name.
 */
export function unknownHeadingParts(text: string): string[] {
  return joinedParts(normaliseHeading(text)).filter((part) => partKey(part) === null);
}

/** The most words a heading holds ("Selected professional experience at Northwind"): more is a sentence. */
export const HEADING_WORDS = 6;

/** Text opening and closing with quotation marks (a full stop or comma may follow). */
const QUOTED = /^\s*["“”„«‘‚'].*["“”»’'][\s.,;:]*$/su;

/** A short heading-styled line with a heading word in it ("Selected Skills", "PROJECTS & TALKS"). */
export function headingWordKey(text: string): HeadingKey | null {
  return throughLigatures(text, wordHeadingKey);
}

function wordHeadingKey(text: string, misspelt = true): HeadingKey | null {
  // A title in quotation marks is a paper's or a talk's, set bold in a list of them, not a heading.
  if (QUOTED.test(text)) return null;
  const words = normaliseHeading(text).split(' ');
  if (words.length === 0 || words.length > HEADING_WORDS) return null;
  // A word as written first ("Project Experience" is experience), then in the singular, then a
  // compound ending in a long one-word name ("Softwarekenntnisse", "Computervaardigheden").
  for (const lookup of [(word: string) => WORDS.get(word) ?? null, wordKey, compoundKey, hanEndKey]) {
    for (const word of words) {
      const key = lookup(word);
      if (key) return key;
    }
  }
  // A heading word misspelled by one letter ("Hobies", "Línguas" as "LÍGUAS", "Achivement").
  for (const word of misspelt ? words : []) {
    const key = misspeltKey(word);
    if (key) return key;
  }
  // Tracked capitals can lose their spaces: a long word in capitals ending in a heading word
  // ("ENGINEERINGPROJECTS", "ACADEMICPROJECT") is that heading word's section.
  for (const run of spacelessRuns(text)) {
    const key = spacelessKey(run);
    if (key) return key;
  }
  return null;
}

/**
 * A heading read only as a misspelling of a heading word: its section is found, but the name is
 * not one an ATS knows, and a guess may be wrong, so what seems absent stays unsure beside it.
 */
export function misspeltHeading(text: string): boolean {
  return exactHeadingKey(text) === null && throughLigatures(text, (t) => wordHeadingKey(t, false)) === null && headingWordKey(text) !== null;
}

/** The shortest word a misspelling is read in: shorter words are too often other words one letter off. */
const MISSPELT_MIN = 6;

/** Whether two words are one letter apart: one added, dropped, changed, or two side by side swapped. */
function oneLetterApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2));
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** Heading words long enough to be read misspelled, English plurals in the singular too ("achievement"). */
const SPELT_WORDS = [...WORDS].flatMap(([word, key]) => (ENGLISH_PLURALS.has(word) ? [[word, key], [word.replace(/ies$/, 'y').replace(/s$/, ''), key]] as const : [[word, key]] as const))
  .filter(([word]) => word.length >= MISSPELT_MIN);

/** The section of the one heading word a word is a letter away from, when only one section's words are. */
function misspeltKey(word: string): HeadingKey | null {
  if (word.length < MISSPELT_MIN) return null;
  const keys = new Set<HeadingKey>();
  for (const [known, key] of SPELT_WORDS) if (oneLetterApart(word, known)) keys.add(key);
  return keys.size === 1 ? [...keys][0]! : null;
}

/** Runs of capitals that lost their spaces ("EDUCATIONANDCERTIFICATION"), lower case, accents off. */
const spacelessRuns = (text: string) => (plainLetters(text).match(/\p{Lu}{12,}/gu) ?? []).map((run) => run.toLowerCase());

/** The sections a run of capitals that lost its spaces joins with "and", when each part names one. */
function spacelessParts(text: string): HeadingKey[] {
  for (const run of spacelessRuns(text)) {
    for (let at = run.indexOf('and', 4); at >= 0 && at <= run.length - 7; at = run.indexOf('and', at + 1)) {
      const parts = [run.slice(0, at), run.slice(at + 3)].map((part) => LOOKUP.get(part) ?? wordKey(part) ?? spacelessKey(part));
      if (parts.every((key) => key != null)) return parts as HeadingKey[];
    }
  }
  return [];
}

/** Heading words long enough to end a run of capitals that lost its spaces, longest first. */
const SPACELESS_ENDS = [...WORDS].filter(([word]) => word.length >= 6 && /^\p{Ll}+$/u.test(word)).sort(([a], [b]) => b.length - a.length);
function spacelessKey(word: string): HeadingKey | null {
  for (const [end, key] of SPACELESS_ENDS) {
    for (const form of ENGLISH_PLURALS.has(end) ? [end, end.replace(/ies$/, 'y').replace(/s$/, '')] : [end]) {
      if (word.length >= form.length + 4 && word.endsWith(form)) return key;
    }
  }
  return null;
}

/**
 * One-word section names long enough to stand as the end of a compound (German and Dutch join
 * words: "Softwarekenntnisse", "Praxiserfahrung"). Shorter ones end too many other words
 * ("Programmiersprachen" is no languages section).
 */
const COMPOUND_ENDS = [...LOOKUP].filter(([name, key]) => !name.includes(' ') && name.length >= 9 && key !== 'other');
const compoundKey = (word: string): HeadingKey | null =>
  COMPOUND_ENDS.find(([name]) => word.length >= name.length + 3 && word.endsWith(name))?.[1] ?? null;

/**
 * A Chinese heading ending in a section's name of two characters or more ("学术项目经历" ends in
 * 项目经历, "个人技术栈" in 技术栈): a Chinese noun phrase names its kind last, as a German
 * compound does.
 */
const HAN_NAMES = [...LOOKUP].filter(([name, key]) => /^\p{Script=Han}{2,}$/u.test(name) && key !== 'other').sort(([a], [b]) => b.length - a.length);
const hanEndKey = (word: string): HeadingKey | null => (/^\p{Script=Han}+$/u.test(word)
  ? HAN_NAMES.find(([name]) => word.length > name.length && word.endsWith(name))?.[1] ?? null : null);

/** A heading word's section, in the English singular too ("project" for "projects"). */
const wordKey = (word: string): HeadingKey | null => WORDS.get(word) ?? (ENGLISH_PLURALS.has(`${word}s`) ? WORDS.get(`${word}s`) : undefined) ?? null;
