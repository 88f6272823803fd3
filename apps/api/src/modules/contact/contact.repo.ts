import type { DbOrTx } from '../../db/client.ts';
import { contactMessages, type NewContactMessage } from '../../db/schema.ts';

export async function insertContactMessage(db: DbOrTx, values: NewContactMessage): Promise<{ id: string }> {
  const [row] = await db.insert(contactMessages).values(values).returning({ id: contactMessages.id });
  if (!row) throw new Error('contact_messages insert returned no row');
  return row;
}
