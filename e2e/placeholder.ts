// The journeys arrive with the end-to-end issue; this keeps the workspace type-checkable until then.
export {};
