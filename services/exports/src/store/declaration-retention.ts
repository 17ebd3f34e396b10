import { declarationKey } from '../declarations/declaration-key';

/** A declaration of the register as retention reads it. */
export interface RegisteredDeclaration {
  number: number;
  key: string;
  recordIds: readonly string[];
  dealer: string;
}

/** What retention changes in a user's register: each declaration's lines left and its key, and those left empty. */
export interface RegisterChanges {
  /** Declarations that keep some of their records, with their key made of those alone. */
  rewritten: { number: number; key: string; recordIds: string[] }[];
  /** Declarations none of whose records are left: removed. */
  removed: number[];
  /** The records named by some declaration that no longer are. */
  forgotten: Set<string>;
}

/**
 * Takes these records out of the user's declarations: a declaration listing several keeps the others (its key, which
 * names its records, is made again of those), one left with none goes. A rewritten key that another declaration of
 * the user already has (the same carcasses to the same dealer, declared apart) takes its number too, so the register
 * stays one key to a declaration. The numbers issued stay as they were.
 */
export function declarationsWithout(
  declarations: readonly RegisteredDeclaration[],
  recordIds: readonly string[],
): RegisterChanges {
  const leaving = new Set(recordIds);
  const changes: RegisterChanges = { rewritten: [], removed: [], forgotten: new Set() };
  const touched = declarations.filter((declaration) => declaration.recordIds.some((id) => leaving.has(id)));
  const touchedNumbers = new Set(touched.map((declaration) => declaration.number));
  const keys = new Set(
    declarations
      .filter((declaration) => !touchedNumbers.has(declaration.number))
      .map((declaration) => declaration.key),
  );
  for (const declaration of [...touched].sort((a, b) => a.number - b.number)) {
    const left = declaration.recordIds.filter((id) => !leaving.has(id));
    for (const id of declaration.recordIds) if (leaving.has(id)) changes.forgotten.add(id);
    if (left.length === 0) {
      changes.removed.push(declaration.number);
      continue;
    }
    const made = declarationKey(left, declaration.dealer);
    const key = keys.has(made) ? `${made}\n#${declaration.number}` : made;
    keys.add(key);
    changes.rewritten.push({ number: declaration.number, key, recordIds: left });
  }
  return changes;
}
