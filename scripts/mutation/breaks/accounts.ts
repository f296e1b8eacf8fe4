/** Every account, every page: the rows of that section of docs/protections.md. */
import type { Section } from '../model';

export const section: Section = {
  breaks: [
  ],
  elsewhere: [
  ],
};
