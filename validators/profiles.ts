import type { Profile } from './context.ts';

/** The strict course profile: MCP 2025-11-25 subset with tightened rules and a 64 KiB budget. */
export const COURSE_PROFILE: Profile = {
  id: 'course',
  name: 'offline-mcp-teaching-profile-v2',
  protocolVersion: '2025-11-25',
  strict: true,
  limits: {
    itemBytes: 64 * 1024,
    readBytes: 64 * 1024,
    contentItems: 64,
    listItems: 256,
    cursorLength: 1024,
  },
};
