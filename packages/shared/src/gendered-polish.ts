/**
 * Polish that speaks to one gender only (issue 34): the second person of the past tense
 * ("zakładałeś", "zleciłaś", "zrobiłbyś"), and the bracketed or hyphenated endings that patch it
 * ("oznaczył(a)", "przyjąłeś(-aś)"). Mails and pages address everyone, so their Polish texts use
 * phrasings without them ("Jeśli to Ty", "Jeśli konto założył ktoś inny"). Third-person nouns
 * ("Prawnik", "Klient") are the terms' defined roles and are not matched.
 */
const GENDERED = [
  // -łeś / -łaś / -łbyś / -łabyś as a whole word's ending ("właśnie" does not end there).
  /\p{L}*ł(?:e|a|by|aby)ś(?!\p{L})/gu,
  // A patched ending: "oznaczył(a)", "przyjąłeś(-aś)", "pewien(-na)", "zadowolony/a" (a call
  // such as `from(a)` in code ends in no such letters).
  /\p{L}+(?:ł|ś|y|en)\((?:-?a|-?aś|-?na)\)/gu,
  /\p{L}+(?:y|i)\/a(?!\p{L})/gu,
];

/** The gendered forms found in a text, in order; an empty list when the text fits everyone. */
export function genderedPolish(text: string): string[] {
  const found: { at: number; word: string }[] = [];
  for (const pattern of GENDERED) {
    for (const match of text.matchAll(pattern)) found.push({ at: match.index, word: match[0] });
  }
  return found.sort((a, b) => a.at - b.at).map(({ word }) => word);
}
