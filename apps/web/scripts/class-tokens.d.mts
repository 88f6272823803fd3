/** Every Tailwind class name the web app's sources name, sorted, each once (class-tokens.mjs). */
export function classTokens(dir?: string): string[];
