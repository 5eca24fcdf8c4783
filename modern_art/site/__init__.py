"""The engine in the browser: ``modern-art site DIR`` writes a static site, no server needed.

The site runs this very library, the pure build, in Pyodide (CPython compiled
to WebAssembly): the same rules for the page as for Python. Every file the
page loads is in ``DIR``: Pyodide (from its npm package), the pure wheels of
modern-art, attrs, cattrs and what they need, the ES module
``modern-art.js`` (the JS API), ``modern-art.d.ts`` (its TypeScript types)
and a table that plays against the bots or hot-seat.

:mod:`modern_art.site.build` writes the site, :mod:`modern_art.site.wheels`
gathers the wheels, :mod:`modern_art.site.bridge` is the Python that the
page's JavaScript calls, :mod:`modern_art.site.command` is the command.
``static/`` holds the JavaScript, shipped as package data. See the docs'
"Front-ends in the browser".
"""
