import { defineMessages } from '../i18n/define';

export const libMessages = defineMessages(
  {
    // A day typed as the language writes it (lib/DayInput.svelte): what each box shows while empty.
    'day.placeholder': 'dd/mm/aaaa',
    'day.invalid': 'Data inválida',
  },
  {
    'day.placeholder': 'mm/dd/yyyy',
    'day.invalid': 'Not a date',
  },
);
