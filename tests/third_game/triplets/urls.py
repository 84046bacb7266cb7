from django.urls import path

from . import views

app_name = "triplets"
urlpatterns = [path("", views.play, name="play")]
