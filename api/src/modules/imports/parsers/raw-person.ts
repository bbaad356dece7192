import type { ImportableContactField } from '@tend/contracts';

/** The card fields a file gives one person, as text (the row rules turn them into a card). */
export interface RawPerson {
  /** 1-based: the person's place in the file. */
  row: number;
  fields: Partial<Record<ImportableContactField['key'], string>>;
  /** LinkedIn's own export: its URLs are stored in their canonical form. */
  canonicalUrl: boolean;
  /** A Tend export's row of someone in the network (`on_board` false): they go back to the network. */
  toNetwork?: boolean;
  /** The image a vCard embeds (PHOTO), as it was in the file: checked like an upload before it is kept. */
  photo?: Buffer;
}
