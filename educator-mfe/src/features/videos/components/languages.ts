/**
 * Caption languages offered in the captions form: BCP 47 tags (`CAPTION_LANGUAGE_PATTERN`), each
 * with its own name (what the player's menu shows by default) and its English name.
 */
export const CAPTION_LANGUAGES: ReadonlyArray<{ code: string; name: string; english: string }> = [
  { code: 'en', name: 'English', english: 'English' },
  { code: 'hi', name: 'हिन्दी', english: 'Hindi' },
  { code: 'bn', name: 'বাংলা', english: 'Bengali' },
  { code: 'ta', name: 'தமிழ்', english: 'Tamil' },
  { code: 'te', name: 'తెలుగు', english: 'Telugu' },
  { code: 'mr', name: 'मराठी', english: 'Marathi' },
  { code: 'ur', name: 'اردو', english: 'Urdu' },
  { code: 'es', name: 'Español', english: 'Spanish' },
  { code: 'fr', name: 'Français', english: 'French' },
  { code: 'de', name: 'Deutsch', english: 'German' },
  { code: 'it', name: 'Italiano', english: 'Italian' },
  { code: 'pt', name: 'Português', english: 'Portuguese' },
  { code: 'pt-BR', name: 'Português (Brasil)', english: 'Portuguese (Brazil)' },
  { code: 'ru', name: 'Русский', english: 'Russian' },
  { code: 'tr', name: 'Türkçe', english: 'Turkish' },
  { code: 'ar', name: 'العربية', english: 'Arabic' },
  { code: 'id', name: 'Bahasa Indonesia', english: 'Indonesian' },
  { code: 'vi', name: 'Tiếng Việt', english: 'Vietnamese' },
  { code: 'zh', name: '中文', english: 'Chinese' },
  { code: 'ja', name: '日本語', english: 'Japanese' },
  { code: 'ko', name: '한국어', english: 'Korean' },
];

/** "हिन्दी (Hindi)", or the tag itself for a language not in the list. */
export function languageName(code: string): string {
  const language = CAPTION_LANGUAGES.find((l) => l.code === code);
  if (!language) return code;
  return language.name === language.english ? language.name : `${language.name} (${language.english})`;
}
