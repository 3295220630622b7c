import type { BadgeClass } from "../../src/schemas/user.ts";

/*
 * The class (gold, silver, bronze) of Stack Exchange's own badges, by name, for dumps whose
 * Badges.xml has no Class column (those before about 2016). Only names whose class real dumps
 * state are here: each was read from the Class column of eight dumps, 2016 to 2024 (beer,
 * bicycles.meta, cardano, quantumcomputing, history.meta, cseducators, martialarts and
 * conlang.meta), which agree on every name. tests/import/badge-rows/ holds a row of each
 * name from each of them, with their sources, and tests/import/badges.test.ts checks this
 * table against those rows. A name not here gets no class: it is never guessed.
 */

const GOLD = [
  "Constable",
  "Electorate",
  "Famous Question",
  "Fanatic",
  "Great Answer",
  "Great Question",
  "Populist",
  "Publicist",
  "Reversal",
  "Sheriff",
];

const SILVER = [
  "Beta",
  "Booster",
  "Civic Duty",
  "Constituent",
  "Convention",
  "Deputy",
  "Enlightened",
  "Enthusiast",
  "Favorite Question",
  "Good Answer",
  "Good Question",
  "Guru",
  "Inquisitive",
  "Lifejacket",
  "Necromancer",
  "Notable Question",
  "Outspoken",
  "Pundit",
  "Research Assistant",
  "Reviewer",
  "Sportsmanship",
  "Strunk & White",
  "Taxonomist",
  "Yearling",
];

const BRONZE = [
  "Altruist",
  "Analytical",
  "Announcer",
  "Autobiographer",
  "Benefactor",
  "Caucus",
  "Citizen Patrol",
  "Cleanup",
  "Commentator",
  "Critic",
  "Curious",
  "Custodian",
  "Disciplined",
  "Editor",
  "Excavator",
  "Explainer",
  "Informed",
  "Investor",
  "Mortarboard",
  "Nice Answer",
  "Nice Question",
  "Organizer",
  "Peer Pressure",
  "Popular Question",
  "Precognitive",
  "Promoter",
  "Proofreader",
  "Quorum",
  "Revival",
  "Scholar",
  "Self-Learner",
  "Student",
  "Suffrage",
  "Supporter",
  "Synonymizer",
  "Tag Editor",
  "Talkative",
  "Teacher",
  "Tumbleweed",
  "Vox Populi",
];

/** Each known badge's class, by its name exactly as Badges.xml spells it. */
export const BADGE_CLASS_OF_NAME: ReadonlyMap<string, BadgeClass> = new Map([
  ...GOLD.map((name) => [name, "gold"] as const),
  ...SILVER.map((name) => [name, "silver"] as const),
  ...BRONZE.map((name) => [name, "bronze"] as const),
]);
