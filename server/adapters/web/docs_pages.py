"""The API documentation pages, served with no internet: Swagger UI at ``/docs`` and ReDoc
at ``/redoc`` load their scripts and styles from this server (``/docs-assets/``), which
takes them from the ``fastapi-offline`` package instead of FastAPI's default CDN."""

from __future__ import annotations

import json
from html import escape
from importlib.resources import files
from pathlib import Path

from fastapi import FastAPI
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_oauth2_redirect_html
from fastapi.staticfiles import StaticFiles
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

ASSETS_URL = "/docs-assets"


def assets_dir() -> Path:
    """Swagger UI's and ReDoc's files as the package installs them."""
    return Path(str(files("fastapi_offline") / "static"))


def install(app: FastAPI) -> None:
    """Serve /docs, /docs/oauth2-redirect and /redoc from local assets; ``app`` must be
    created with ``docs_url=None, redoc_url=None``."""
    openapi_url = app.openapi_url or "/openapi.json"
    redirect_url = app.swagger_ui_oauth2_redirect_url or "/docs/oauth2-redirect"
    app.mount(ASSETS_URL, StaticFiles(directory=assets_dir()), name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    async def swagger(request: Request) -> HTMLResponse:
        # Swagger UI's page without FastAPI's inline start-up script, which the
        # Content-Security-Policy (server.adapters.web.headers) would refuse: it is
        # served as a file of its own, /docs/start.js.
        root = escape(request.scope.get("root_path", ""))
        return HTMLResponse(
            SWAGGER_PAGE.format(
                title=escape(f"{app.title} — API"),
                root=root,
                assets=ASSETS_URL,
                openapi=escape(openapi_url),
            )
        )

    @app.get("/docs/start.js", include_in_schema=False)
    async def swagger_start(request: Request) -> Response:
        root = request.scope.get("root_path", "")
        config = {
            "url": f"{root}{openapi_url}",
            "oauth2RedirectUrl": f"{root}{redirect_url}",
            "dom_id": "#swagger-ui",
            "layout": "BaseLayout",
            "deepLinking": True,
            "showExtensions": True,
            "showCommonExtensions": True,
            **(app.swagger_ui_parameters or {}),
        }
        presets = "[SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset]"
        script = (
            f"window.ui = SwaggerUIBundle(Object.assign({json.dumps(config)}, "
            f"{{presets: {presets}}}));\n"
        )
        return Response(script, media_type="text/javascript")

    @app.get(redirect_url, include_in_schema=False)
    async def swagger_redirect() -> HTMLResponse:
        return get_swagger_ui_oauth2_redirect_html()

    @app.get("/redoc", include_in_schema=False)
    async def redoc(request: Request) -> HTMLResponse:
        root = request.scope.get("root_path", "")
        return get_redoc_html(
            openapi_url=f"{root}{openapi_url}",
            title=f"{app.title} — API",
            redoc_js_url=f"{root}{ASSETS_URL}/redoc.standalone.js",
            redoc_favicon_url=f"{root}{ASSETS_URL}/favicon.png",
            with_google_fonts=False,
        )


SWAGGER_PAGE = """<!DOCTYPE html>
<html>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link type="text/css" rel="stylesheet" href="{root}{assets}/swagger-ui.css">
<link rel="icon" href="{root}{assets}/favicon.png">
<title>{title}</title>
</head>
<body>
<noscript>The API document: <a href="{root}{openapi}">{openapi}</a></noscript>
<div id="swagger-ui"></div>
<script src="{root}{assets}/swagger-ui-bundle.js"></script>
<script src="{root}/docs/start.js"></script>
</body>
</html>
"""
