/**
 * The hub's port on the store's network unless its settings say otherwise (unassigned by IANA): one
 * number for the hub's server, what its announcement says, and what a typed address means without one.
 */
export const HUB_PORT = 47110;
