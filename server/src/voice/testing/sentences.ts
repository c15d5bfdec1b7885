/**
 * Twenty everyday English sentences for the voice word-error-rate figure and the benchmark.
 * Spoken by flite (CMU slt voice) and recognised by PocketSphinx.
 */
export const WER_SENTENCES = [
  'Where is the train station',
  'I would like a cup of coffee',
  'How much does this ticket cost',
  'Good morning how are you today',
  'The weather is very nice today',
  'Can you help me find my hotel',
  'I do not understand what you said',
  'Please speak a little more slowly',
  'What time does the museum open',
  'My name is Anna and I am a teacher',
  'We are looking for a good restaurant',
  'Is there a pharmacy near here',
  'I need to buy a new phone',
  'Thank you very much for your help',
  'The bus leaves at seven in the morning',
  'Could you call a taxi for me',
  'I am allergic to nuts and milk',
  'How long does it take to get there',
  'We will meet at the airport tomorrow',
  'Do you have a room for two nights',
] as const;

/** About three and eight seconds of flite speech (3.2 s and 7.9 s), for the latency benchmark. */
export const BENCH_UTTERANCES = {
  '3 s': 'Excuse me, where is the train station please?',
  '8 s': 'Good morning. I would like two tickets to the museum for tomorrow. How much do they cost, and what time does the museum open in the morning?',
} as const;
