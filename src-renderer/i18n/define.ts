// The message layer is shared with the tickets (src-shared/i18n/define.ts says how a message is written).
export { defineMessages } from '../../src-shared/i18n/define';
