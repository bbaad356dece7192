/** Answers shared by the board's writers (columns and cards). */
export const CONTACT_NOT_FOUND_MESSAGE = 'Contact not found.';
export const COLUMN_NOT_FOUND_MESSAGE = 'Column not found.';
export const FIRST_COLUMN_MOVE_MESSAGE = 'The first column cannot be moved.';
export const IN_NETWORK_MESSAGE = 'This person is in your network, not on the board: put them on the board first.';
