/**
 * A few everyday sentences per source language of the installed Apertium modes (Catalan and
 * Galician too: they are pivots). Every mode must translate all of its source's probes before any
 * direction through it is reported as served; they contain the ambiguous words (adjectives,
 * participles, 'in'/'on') that make a broken tagger crash.
 */
export const APERTIUM_PROBES: Record<string, string[]> = {
  en: ['The city council approved a new plan to build three schools next year.', 'Are you coming tonight?', 'Let me know when you get home.'],
  es: ['El ayuntamiento aprobó un nuevo plan para construir tres escuelas el próximo año.', '¿Vienes esta noche?', 'Avísame cuando llegues a casa.'],
  fr: ["Le conseil municipal a approuvé un nouveau plan pour construire trois écoles l'année prochaine.", 'Tu viens ce soir ?', 'Dis-moi quand tu es rentré.'],
  it: ["Il consiglio comunale ha approvato un nuovo piano per costruire tre scuole l'anno prossimo.", 'Vieni stasera?', 'Fammi sapere quando arrivi a casa.'],
  pt: ['A câmara municipal aprovou um novo plano para construir três escolas no próximo ano.', 'Você vem hoje à noite?', 'Me avisa quando chegar em casa.'],
  ro: ['Consiliul local a aprobat un nou plan de a construi trei școli anul viitor.', 'Vii diseară?', 'Anunță-mă când ajungi acasă.'],
  ru: ['Городской совет одобрил новый план строительства трёх школ в следующем году.', 'Придёшь сегодня вечером?', 'Напиши, когда доберёшься домой.'],
  uk: ['Міська рада схвалила новий план будівництва трьох шкіл наступного року.', 'Прийдеш сьогодні ввечері?', 'Напиши, коли дістанешся додому.'],
  ca: ["L'ajuntament va aprovar un nou pla per construir tres escoles l'any vinent.", 'Vens aquesta nit?', 'Avisa\'m quan arribis a casa.'],
  gl: ['O concello aprobou un novo plan para construír tres escolas o ano que vén.', 'Vés esta noite?', 'Avísame cando chegues a casa.'],
};
