import { CreateStructure } from '../features/create-structure';

/** Route /uploadfileconfig (every signed-in user): the converter runs in the browser, nothing is sent. */
export function CreateStructurePage() {
  return <CreateStructure />;
}
