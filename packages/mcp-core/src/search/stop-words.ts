/**
 * A small, general English stop-word list for tool search: function words and the filler of a
 * request ("please show me how I can…"). Written for English at large, not for any query set.
 * @module
 */

/** Words that carry no topic; dropped from documents and queries alike (before stemming). */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again against all also am an and any are as at be because been before being
  below between both but by can could did do does doing down during each either else etc ever every
  few for from further had has have having he her here hers herself him himself his how i if in
  into is it its itself just let like may me might more most must my myself no nor not now of off
  on once only or other our ours ourselves out over own please same shall she should so some such
  than that the their theirs them themselves then there these they this those through thus to too
  under until up upon us very via was we were what when where whether which while who whom whose
  why will with within without would yet you your yours yourself yourselves`.split(/\s+/),
);
