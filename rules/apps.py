from django.apps import AppConfig
from django.db.models.signals import post_delete, post_save
from django.utils.translation import gettext_lazy as _


class RulesConfig(AppConfig):
    name = "rules"
    verbose_name = _("Rules and pages")

    def ready(self) -> None:
        from .caching import content_changed

        for model_name in ("Page", "FaqEntry"):
            model = self.get_model(model_name)
            uid = f"rules-cache-{model_name}"
            post_save.connect(content_changed, sender=model, dispatch_uid=f"{uid}-save")
            post_delete.connect(content_changed, sender=model, dispatch_uid=f"{uid}-delete")
