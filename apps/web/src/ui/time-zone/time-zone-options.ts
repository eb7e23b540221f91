/** Every IANA zone this browser knows (UTC first when the list lacks it): what a time zone Select offers. */
export const TIME_ZONES: readonly string[] = (() => {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
})();
