import { Monitor, Moon, Sun } from 'lucide-react';

/** The themes the header offers, with their label keys and icons (the button and its menu). */
export const THEME_OPTIONS = [
  { value: 'light', label: 'theme.light', Icon: Sun },
  { value: 'dark', label: 'theme.dark', Icon: Moon },
  { value: 'system', label: 'theme.system', Icon: Monitor },
] as const;
