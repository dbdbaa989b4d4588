/**
 * The security log is its own module (server/src/modules/security-log): accounts, the catalogue and
 * orders all write to it. This name stays for the files that import it from here.
 */
export * from '../security-log/service.js';
