import { z } from 'zod';
import { DAY_NAMES, dayNumber, HHMM, isTimeZone, minutesOfDay } from './working-hours';

/*
 * The working hours' schema, apart from the rules (working-hours.ts) so that a screen that only
 * reads the desk's hours (the service status banner) loads no zod.
 */

const hhmm = z.string().regex(HHMM, 'Use HH:MM (24-hour)');

const openingIntervalSchema = z
  .object({ day: z.number().int().min(0).max(6), open: hhmm, close: hhmm })
  // A malformed time already has its own message.
  .refine((i) => !HHMM.test(i.open) || !HHMM.test(i.close) || minutesOfDay(i.close) > minutesOfDay(i.open), {
    message: 'Closing time must be after opening time',
    path: ['close'],
  });

const holidaySchema = z.object({
  date: z.string().refine((d) => dayNumber(d) !== null, 'Enter a real date as YYYY-MM-DD'),
  name: z.string().trim().max(80, 'Holiday name must be at most 80 characters'),
});

export const workingHoursSchema = z.object({
  timeZone: z.string().refine(isTimeZone, 'Choose a valid time zone'),
  week: z
    .array(openingIntervalSchema)
    .max(28, 'At most 28 opening intervals')
    .superRefine((week, ctx) => {
      const order = week.map((interval, index) => ({ interval, index }));
      order.sort((a, b) => a.interval.day - b.interval.day || a.interval.open.localeCompare(b.interval.open));
      for (let i = 1; i < order.length; i++) {
        const prev = order[i - 1]!.interval;
        const { interval, index } = order[i]!;
        // Touching intervals (12:00 close, 12:00 open) are allowed and count as one open period.
        if (prev.day === interval.day && minutesOfDay(interval.open) < minutesOfDay(prev.close)) {
          ctx.addIssue({
            code: 'custom',
            message: `Opening hours overlap on ${DAY_NAMES[interval.day]}`,
            path: [index],
          });
        }
      }
    }),
  holidays: z
    .array(holidaySchema)
    .max(366, 'At most 366 holidays')
    .superRefine((holidays, ctx) => {
      const seen = new Set<string>();
      holidays.forEach((h, index) => {
        if (seen.has(h.date)) {
          ctx.addIssue({ code: 'custom', message: `${h.date} is already a holiday`, path: [index, 'date'] });
        }
        seen.add(h.date);
      });
    }),
});
export type WorkingHours = z.infer<typeof workingHoursSchema>;
