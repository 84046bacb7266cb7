"""The API of Triplets, mounted at ``/api/triplets/``: one check."""

from __future__ import annotations

from django.urls import path
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from game.core.api.errors import ApiError
from game.core.api.views import ApiView, error_responses

from .engine import COLOURS, NUMBERS, is_triplet, points


class TilesSerializer(serializers.Serializer[dict[str, object]]):
    colour = serializers.ChoiceField(choices=COLOURS)
    numbers = serializers.ListField(
        child=serializers.IntegerField(min_value=NUMBERS[0], max_value=NUMBERS[-1])
    )


class TripletSerializer(serializers.Serializer[dict[str, object]]):
    colour = serializers.ChoiceField(choices=COLOURS)
    points = serializers.IntegerField()


class CheckView(ApiView):
    throttle_scope = "triplets_checks"

    @extend_schema(
        summary="Check a triplet",
        request=TilesSerializer,
        responses={200: TripletSerializer, **error_responses(400, 429)},
    )
    def post(self, request: Request) -> Response:
        tiles = TilesSerializer(data=request.data)
        tiles.is_valid(raise_exception=True)
        numbers = tiles.validated_data["numbers"]
        if not is_triplet(numbers):
            raise ApiError("numbers: three of one number make a triplet", code="not_a_triplet")
        return Response({"colour": tiles.validated_data["colour"], "points": points(numbers)})


urlpatterns = [path("check/", CheckView.as_view(), name="check")]
