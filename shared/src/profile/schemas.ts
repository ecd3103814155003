import { z } from 'zod';
import { COUNTRY_CODES } from './countries';

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** The onboarding payload and the profile-settings payload: the same six fields. */
export const profileSchema = z.object({
  firstName: requiredText('First name', 60),
  lastName: requiredText('Last name', 60),
  country: z
    .string({ error: 'Country is required' })
    .trim()
    .toUpperCase()
    .refine((code) => COUNTRY_CODES.includes(code), 'Select a country from the list'),
  city: requiredText('City', 100),
  postalCode: requiredText('Post code', 20),
  address: requiredText('Address', 200),
});
export type ProfileInput = z.infer<typeof profileSchema>;
