// Defect: dies at start the way a server with a missing dependency does: a Node error on stderr, exit code 1.
process.stderr.write('node:internal/modules/cjs/loader:1228\n  throw err;\n  ^\n\n');
process.stderr.write("Error: Cannot find module 'x'\nRequire stack:\n- /srv/server.js\n");
process.exitCode = 1;
