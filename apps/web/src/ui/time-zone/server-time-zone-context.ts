import { createContext, useContext } from 'react';
import { displayTimeZone } from '../table-dates';

export interface ServerTimeZone {
  /** The zone every time is shown in. */
  zone: string;
  /** False when the server's zone could not be read (the browser's is used). */
  fromServer: boolean;
}

export const ServerTimeZoneContext = createContext<ServerTimeZone>({
  zone: displayTimeZone(),
  fromServer: false,
});

/** The zone the console shows times in, set once by ServerTimeZoneGate. */
export const useServerTimeZone = () => useContext(ServerTimeZoneContext);
