from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from .engine import COLOURS


def play(request: HttpRequest) -> HttpResponse:
    return render(request, "triplets/play.html", {"colours": COLOURS})
