/** Block and report (issue 23 item 6): paths and limits, no zod (the web's light entry). */
export const SAFETY_API = {
  blocks: '/api/blocks',
  block: '/api/blocks/:userId',
  reports: '/api/reports',
} as const;

/** The neutral answer a blocked person gets (also the blocker writing to someone they blocked). */
export const CANNOT_MESSAGE = "You can't send messages to this conversation";

export const REPORT_REASON_MAX = 1000;
