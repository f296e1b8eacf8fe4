/** Subscriptions: the rows of that section of docs/protections.md. */
import { T, edit, type Section } from '../model';

export const section: Section = {
  breaks: [
  ],
  elsewhere: [
  ],
};
